import { Search } from '../icons';
import { cn } from '../../lib/cn';
import { Input } from '../input';

/** The search box of an admin list's filters: a magnifier, and the label for screen readers only. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-3.5 left-3 size-4 text-slate-400" aria-hidden="true" />
      <Input
        label={label}
        hideLabel
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
