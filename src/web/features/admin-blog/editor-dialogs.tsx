import { Unlink } from '../../components/admin/icons';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ImageUpload } from '../../components/admin/image-upload';
import { Input } from '../../components/input';
import { checkImageUrl, checkLinkUrl } from './editor-urls';
import { FormDialog } from '../../components/form-dialog';

export interface LinkDialogProps {
  open: boolean;
  initialUrl: string;
  hasLink: boolean;
  /** The checked address, or null to remove the link. */
  onApply: (href: string | null) => void;
  onCancel: () => void;
}

/** Insert or edit a link (Ctrl+K). Mounted fresh each time it opens, so it starts from the current link. */
export function LinkDialog(props: LinkDialogProps) {
  return props.open ? <LinkDialogBody {...props} /> : null;
}

function LinkDialogBody({ initialUrl, hasLink, onApply, onCancel }: LinkDialogProps) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      open
      title={hasLink ? 'Edit link' : 'Insert link'}
      submitLabel={hasLink ? 'Update Link' : 'Insert Link'}
      onCancel={onCancel}
      onSubmit={() => {
        const checked = checkLinkUrl(url);
        if (checked.ok) onApply(checked.url);
        else setError(checked.message);
      }}
      extraActions={
        hasLink && (
          <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onApply(null)}>
            <Unlink aria-hidden="true" />
            Remove Link
          </Button>
        )
      }
    >
      <Input
        label="Link address"
        name="link-url"
        type="url"
        inputMode="url"
        autoFocus
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint="https://…, mailto:…, tel:… or a path on this site such as /blog."
        placeholder="https://example.com"
      />
    </FormDialog>
  );
}

export interface ImageDialogProps {
  open: boolean;
  onInsert: (image: { src: string; alt: string }) => void;
  onCancel: () => void;
}

/** Insert an image into the content: uploaded here or given by address, with its alternative text. */
export function ImageDialog(props: ImageDialogProps) {
  return props.open ? <ImageDialogBody {...props} /> : null;
}

function ImageDialogBody({ onInsert, onCancel }: ImageDialogProps) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      open
      title="Insert image"
      submitLabel="Insert Image"
      onCancel={onCancel}
      onSubmit={() => {
        const checked = checkImageUrl(src);
        if (checked.ok) onInsert({ src: checked.url, alt: alt.trim() });
        else setError(checked.message);
      }}
    >
      <ImageUpload
        value={src}
        onChange={(url) => {
          setSrc(url);
          setError(undefined);
        }}
        label="Image"
        urlLabel="Image address"
        name="image-src"
        category="blog"
        altText={alt.trim() || undefined}
        error={error}
      />
      <Input
        label="Alternative text"
        name="image-alt"
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        hint="Describes the image for people who cannot see it."
        maxLength={300}
      />
    </FormDialog>
  );
}
