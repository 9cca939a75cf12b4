import { Check } from '../../components/icons';
import { Plus, Trash2, UserPlus } from '../../components/admin/icons';
import { useState, type ChangeEvent } from 'react';
import {
  PROJECT_LIMITS,
  adminIndustryOptions,
  technologySuggestions,
} from '../../../shared/contracts/portfolio.values';
import { splitTechnologies } from '../../../shared/contracts/portfolio-admin';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { Textarea } from '../../components/textarea';
import { cn } from '../../lib/cn';
import { useRootData } from '../../lib/root-data';
import { ScheduleField } from '../../components/admin/schedule-field';
import { Group } from './form-group';
import { addTechnology, type ProjectFormValues, type TeamMemberValues } from './project-form-values';
import { ProjectSeoSection } from './project-seo-section';

/** Quick-add shows the first 10 suggestions; the rest on request. */
const QUICK_ADD_COUNT = 10;

type TextField = {
  [K in keyof ProjectFormValues]: ProjectFormValues[K] extends string ? K : never;
}[keyof ProjectFormValues];

type TeamTextField = 'name' | 'role' | 'image' | 'bio';

/** The Visibility switches, in their order on the form. */
const visibilityFlags: ReadonlyArray<{ field: 'featured' | 'colorful' | 'published'; label: string; hint: string }> = [
  { field: 'featured', label: 'Featured Project', hint: 'Shown on the home page and first in the list.' },
  { field: 'colorful', label: 'Colorful Design', hint: 'A colourful card style.' },
  { field: 'published', label: 'Published', hint: 'Visible to visitors on the site.' },
];

export interface DetailsSectionProps {
  values: ProjectFormValues;
  set: <F extends keyof ProjectFormValues>(field: F, value: ProjectFormValues[F]) => void;
  onTeamChange: (key: string, change: Partial<TeamMemberValues>) => void;
  onTeamAdd: () => void;
  onTeamRemove: (key: string) => void;
  /** Problems by field ('title', 'team.0.name'). */
  errors: Record<string, string>;
}

/** Details tab: every field of the project except its images and testimonials; SEO last. */
export function DetailsSection({ values, set, onTeamChange, onTeamAdd, onTeamRemove, errors }: DetailsSectionProps) {
  const [allSuggestions, setAllSuggestions] = useState(false);
  const siteTimeZone = useRootData()?.siteTimeZone ?? 'UTC';
  const scheduled = values.publish_at !== '';
  const text = (field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    set(field, event.target.value);
  /** What every text field of the project passes its Input or Textarea: name, value, change and error. */
  const bind = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: text(field),
    error: errors[field],
  });
  const bindMember = (member: TeamMemberValues, index: number, field: TeamTextField) => ({
    name: `team.${index}.${field}`,
    value: member[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onTeamChange(member.key, { [field]: event.target.value }),
    error: errors[`team.${index}.${field}`],
  });
  const chosen = new Set(splitTechnologies(values.technologies).map((name) => name.toLowerCase()));
  const suggestions = allSuggestions ? technologySuggestions : technologySuggestions.slice(0, QUICK_ADD_COUNT);
  const industries = adminIndustryOptions.includes(values.industry)
    ? adminIndustryOptions
    : [...adminIndustryOptions, values.industry];

  return (
    <div className="flex flex-col gap-6">
      <Group title="Project">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Project Title"
            {...bind('title')}
            maxLength={PROJECT_LIMITS.title}
            required
            containerClassName="sm:col-span-2"
          />
          <Input label="Client" {...bind('client')} maxLength={PROJECT_LIMITS.client} required />
          <Select label="Industry" name="industry" value={values.industry} onChange={text('industry')}>
            {industries.map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </Select>
          <Input
            label="Category"
            {...bind('category')}
            maxLength={PROJECT_LIMITS.category}
            placeholder="e.g. Web Application"
          />
          <Select
            label="Status"
            name="status"
            value={values.status}
            onChange={(event) => set('status', event.target.value === 'done' ? 'done' : 'progress')}
          >
            <option value="progress">In Progress</option>
            <option value="done">Completed</option>
          </Select>
          <Input label="Completion Date" {...bind('completion_date')} type="date" />
        </div>
        <Textarea
          label="Short Description"
          {...bind('short_description')}
          rows={3}
          hint="Shown on the project cards and at the top of the project page."
          maxLength={PROJECT_LIMITS.short_description}
          required
        />
        <Textarea
          label="Detailed Description"
          {...bind('description')}
          rows={6}
          hint="Plain text; blank lines start new paragraphs."
        />
      </Group>

      <Group title="Technologies">
        <Input
          label="Technologies"
          {...bind('technologies')}
          hint="Separated by commas."
          placeholder="React, Node.js, PostgreSQL"
          required
        />
        <div className="flex flex-col gap-2">
          <p className="text-xs font-medium text-slate-600" id="quick-add-label">
            Quick add
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby="quick-add-label">
            {suggestions.map((name) => {
              const added = chosen.has(name.toLowerCase());
              return (
                <li key={name}>
                  <button
                    type="button"
                    aria-pressed={added}
                    onClick={() => set('technologies', addTechnology(values.technologies, name))}
                    className={cn(
                      'inline-flex h-8 items-center gap-1 rounded-full border px-3 text-xs font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                      added
                        ? 'border-brand-200 bg-brand-50 text-brand-700'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
                    )}
                  >
                    {added ? (
                      <Check className="size-3.5" aria-hidden="true" />
                    ) : (
                      <Plus className="size-3.5" aria-hidden="true" />
                    )}
                    {name}
                  </button>
                </li>
              );
            })}
          </ul>
          <div>
            <Button variant="link" size="sm" onClick={() => setAllSuggestions((all) => !all)}>
              {allSuggestions ? 'Show fewer suggestions' : `Show all ${technologySuggestions.length} suggestions`}
            </Button>
          </div>
        </div>
      </Group>

      <Group title="Outcome">
        <Textarea label="Results Achieved" {...bind('results')} rows={4} required />
        <Textarea label="Technical Specifications" {...bind('technical_specs')} rows={4} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Live Demo URL"
            {...bind('live_url')}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={PROJECT_LIMITS.url}
          />
          <Input
            label="Case Study URL"
            {...bind('case_study_url')}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={PROJECT_LIMITS.url}
          />
        </div>
      </Group>

      <Group title="Visibility">
        <div className="grid gap-4 sm:grid-cols-3">
          {visibilityFlags.map(({ field, label, hint }) => (
            <CheckboxField
              key={field}
              className="rounded-xl border border-slate-200 p-3"
              label={label}
              hint={hint}
              name={field}
              id={`project-${field}`}
              checked={field === 'published' ? values.published && !scheduled : values[field]}
              disabled={field === 'published' && scheduled}
              onChange={(checked) => set(field, checked)}
            />
          ))}
        </div>
        <ScheduleField
          noun="project"
          value={values.publish_at}
          onChange={(value) => set('publish_at', value)}
          timeZone={siteTimeZone}
          error={errors.publish_at}
        />
      </Group>

      <Group title="Team">
        {values.team.length === 0 && <p className="text-sm text-slate-500">No team members added.</p>}
        <ol className="flex flex-col gap-4">
          {values.team.map((member, index) => (
            <li key={member.key} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
              <div className="flex items-center justify-between gap-3">
                <h4 className="text-sm font-semibold text-slate-800">Team member {index + 1}</h4>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => onTeamRemove(member.key)}
                  aria-label={`Remove team member ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Input
                  label="Name"
                  {...bindMember(member, index, 'name')}
                  maxLength={PROJECT_LIMITS.teamName}
                  required
                />
                <Input label="Role" {...bindMember(member, index, 'role')} maxLength={PROJECT_LIMITS.teamRole} />
                <Input
                  label="Image URL"
                  {...bindMember(member, index, 'image')}
                  type="text"
                  inputMode="url"
                  placeholder="https://… or /images/…"
                  containerClassName="sm:col-span-2"
                />
              </div>
              <Textarea label="Bio" {...bindMember(member, index, 'bio')} rows={2} />
            </li>
          ))}
        </ol>
        <div>
          <Button variant="secondary" size="sm" onClick={onTeamAdd}>
            <UserPlus aria-hidden="true" />
            Add Team Member
          </Button>
        </div>
      </Group>

      <ProjectSeoSection values={values} set={set} errors={errors} />
    </div>
  );
}
