import { Link2 } from '../../components/icons';
import { Trash2 } from '../../components/admin/icons';
import { useState } from 'react';
import { isAllowedProjectUrl } from '../../../shared/contracts/portfolio-admin';
import { PortfolioUploadMessage, imageFilenameOf } from '../../../shared/contracts/portfolio-uploads';
import { UploadComponentMessage } from '../../../shared/contracts/uploads.values';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { ImageUpload } from '../../components/admin/image-upload';
import { Input } from '../../components/input';
import type { Notice } from '../../components/notice';
import { deleteImage } from './image-deletion';

export interface MainImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  /** The saved project (undefined while creating one). */
  projectId: number | undefined;
  onNotice: (notice: Notice) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * The project's main image: uploaded through /api/portfolio/upload/main, or an
 * address typed in. Once an image is set the upload area is hidden: it must be deleted first.
 */
export function MainImageField({ value, onChange, projectId, onNotice, disabled, error }: MainImageFieldProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();

  async function remove() {
    const previous = value;
    setConfirming(false);
    setDeleting(true);
    // Optimistic: the image leaves the form at once and comes back if the server refuses.
    onChange('');
    const outcome = await deleteImage(previous, projectId);
    setDeleting(false);
    if (outcome.ok) {
      onNotice({ type: 'success', title: outcome.message });
    } else {
      onChange(previous);
      onNotice({ type: 'error', title: outcome.title, detail: outcome.detail || undefined });
    }
  }

  function applyAddress() {
    const url = address.trim();
    if (!url || !isAllowedProjectUrl(url)) {
      setAddressError(UploadComponentMessage.INVALID_URL);
      return;
    }
    setAddressError(undefined);
    setAddress('');
    onChange(url);
  }

  if (value) {
    return (
      <div className="flex flex-col gap-3" data-main-image="">
        <p className="text-sm font-medium text-slate-800">Main image</p>
        <img
          src={value}
          alt="Main image of the project"
          className="aspect-video w-full max-w-xl rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
        />
        <div className="flex max-w-xl flex-wrap items-center gap-3">
          <span className="min-w-0 flex-1 truncate text-xs text-slate-500" title={value}>
            {imageFilenameOf(value) ?? value}
          </span>
          <Button
            variant="secondary"
            size="sm"
            className="text-red-700"
            onClick={() => setConfirming(true)}
            disabled={disabled || deleting}
          >
            <Trash2 aria-hidden="true" />
            Delete image
          </Button>
        </div>
        {error && <p className="text-xs font-medium text-red-700">{error}</p>}
        <ConfirmDialog
          open={confirming}
          title="Delete image?"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          {PortfolioUploadMessage.CONFIRM_DELETE}
        </ConfirmDialog>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-main-image="">
      <ImageUpload
        label="Main image"
        value=""
        urlField={false}
        uploadPath="/portfolio/upload/main"
        onChange={(url) => {
          if (!url) return;
          // The upload area (and its own message) goes away with the image set: say it here.
          onChange(url);
          onNotice({ type: 'success', title: PortfolioUploadMessage.MAIN_UPLOADED });
        }}
        disabled={disabled}
        error={error}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Input
          label="Or use an image address"
          name="image_url"
          type="text"
          inputMode="url"
          placeholder="https://… or /images/…"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              applyAddress();
            }
          }}
          error={addressError}
          disabled={disabled}
          containerClassName="flex-1"
        />
        <Button variant="secondary" size="sm" className="sm:mt-7" onClick={applyAddress} disabled={disabled}>
          <Link2 aria-hidden="true" />
          Use address
        </Button>
      </div>
    </div>
  );
}
