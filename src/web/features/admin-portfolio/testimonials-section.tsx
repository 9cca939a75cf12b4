import { MessageSquareQuote, Plus, Trash2 } from '../../components/admin/icons';
import { PROJECT_LIMITS } from '../../../shared/contracts/portfolio.values';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import type { TestimonialValues } from './project-form-values';
import { StarRating } from './star-rating';

export interface TestimonialsSectionProps {
  testimonials: TestimonialValues[];
  onAdd: () => void;
  onRemove: (id: number) => void;
  onChange: (id: number, change: Partial<TestimonialValues>) => void;
  /** Problems by "index.field" ('0.name'). */
  errors: Record<string, string>;
}

/** Testimonials tab: what clients said about the project, stored with it. */
export function TestimonialsSection({ testimonials, onAdd, onRemove, onChange, errors }: TestimonialsSectionProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Client testimonials</h3>
          <p className="text-xs text-slate-500">Shown on the project page under “What the client says”.</p>
        </div>
        <Button variant="secondary" size="sm" onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add Testimonial
        </Button>
      </div>

      {testimonials.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
          <MessageSquareQuote className="size-8 text-slate-400" aria-hidden="true" />
          <p className="text-sm text-slate-600">
            No testimonials added yet. Click &quot;Add Testimonial&quot; to get started.
          </p>
        </div>
      ) : (
        <ol className="flex flex-col gap-4">
          {testimonials.map((testimonial, index) => (
            <li
              key={testimonial.id}
              data-testimonial={index + 1}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4"
            >
              <div className="flex items-center justify-between gap-3">
                <h4 className="text-sm font-semibold text-slate-800">Testimonial {index + 1}</h4>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => onRemove(testimonial.id)}
                  aria-label={`Remove testimonial ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                <Input
                  label="Name"
                  name={`testimonials.${index}.name`}
                  value={testimonial.name}
                  maxLength={PROJECT_LIMITS.testimonialName}
                  onChange={(event) => onChange(testimonial.id, { name: event.target.value })}
                  error={errors[`${index}.name`]}
                  required
                />
                <Input
                  label="Position"
                  name={`testimonials.${index}.position`}
                  value={testimonial.position}
                  maxLength={PROJECT_LIMITS.testimonialPosition}
                  onChange={(event) => onChange(testimonial.id, { position: event.target.value })}
                  error={errors[`${index}.position`]}
                />
                <Input
                  label="Company"
                  name={`testimonials.${index}.company`}
                  value={testimonial.company}
                  maxLength={PROJECT_LIMITS.testimonialCompany}
                  onChange={(event) => onChange(testimonial.id, { company: event.target.value })}
                  error={errors[`${index}.company`]}
                />
              </div>
              <Textarea
                label="Testimonial"
                name={`testimonials.${index}.text`}
                rows={3}
                value={testimonial.text}
                onChange={(event) => onChange(testimonial.id, { text: event.target.value })}
                error={errors[`${index}.text`]}
                required
              />
              <StarRating
                label={`Rating of testimonial ${index + 1}`}
                value={testimonial.rating}
                onChange={(rating) => onChange(testimonial.id, { rating })}
              />
              {errors[`${index}.rating`] && (
                <p className="-mt-2 text-xs font-medium text-red-700">{errors[`${index}.rating`]}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
