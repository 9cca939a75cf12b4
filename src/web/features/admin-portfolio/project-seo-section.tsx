import { PROJECT_LIMITS } from '../../../shared/contracts/portfolio.values';
import { ImageUpload } from '../../components/admin/image-upload';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { Group } from './form-group';
import type { ProjectFormValues } from './project-form-values';

type SeoField = 'seo_title' | 'seo_description' | 'share_image_url';

export interface ProjectSeoSectionProps {
  values: ProjectFormValues;
  set: (field: SeoField, value: string) => void;
  /** Problems by field ('seo_title'). */
  errors: Record<string, string>;
}

/** The SEO group of the Details tab: what search engines and shared links show of the project page. */
export function ProjectSeoSection({ values, set, errors }: ProjectSeoSectionProps) {
  const bind = (field: Exclude<SeoField, 'share_image_url'>) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field],
  });
  return (
    <Group title="SEO">
      <p className="-mt-2 text-sm text-slate-600">
        What search engines and shared links show. Empty fields use the project title, the short description and the
        main image.
      </p>
      <Input
        label="SEO title"
        {...bind('seo_title')}
        placeholder={values.title.trim() || 'The project title'}
        maxLength={PROJECT_LIMITS.seoTitle}
      />
      <Textarea
        label="SEO description"
        {...bind('seo_description')}
        rows={3}
        placeholder={values.short_description.trim() || 'The short description'}
        maxLength={PROJECT_LIMITS.seoDescription}
      />
      <ImageUpload
        label="Share image"
        urlLabel="Share image URL"
        name="share_image_url"
        value={values.share_image_url}
        onChange={(url) => set('share_image_url', url)}
        category="portfolio"
        hint={'Shown when the project page is shared. Best at 1200\u00a0×\u00a0630 pixels.'}
        error={errors.share_image_url}
        className="max-w-md"
      />
    </Group>
  );
}
