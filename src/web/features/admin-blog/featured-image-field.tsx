import { ImageUpload } from '../../components/admin/image-upload';

export interface FeaturedImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The post's featured image: uploaded (with progress) or given by address, with a preview. */
export function FeaturedImageField({ value, onChange, error, disabled }: FeaturedImageFieldProps) {
  return (
    <ImageUpload
      value={value}
      onChange={(url) => onChange(url)}
      label="Featured image"
      urlLabel="Featured image URL"
      name="image_url"
      category="blog"
      error={error}
      disabled={disabled}
      required
    />
  );
}
