import type { ContactsQuery } from './contacts-query';
import { SearchField } from '../../components/admin/search-field';
import { Card } from '../../components/card';
import { Select } from '../../components/select';
import { PriorityOptions, StatusOptions } from './contact-badges';

/** The Contacts list's search and filters: status, priority and follow-ups (ADR 0047). */
export function ContactsFilters({
  query,
  setQuery,
  search,
  onSearch,
}: {
  query: ContactsQuery;
  setQuery: (change: Partial<ContactsQuery>) => void;
  search: string;
  onSearch: (value: string) => void;
}) {
  return (
    <Card padding="sm" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[1fr_11rem_10rem_11rem]">
      <SearchField
        label="Search contacts"
        placeholder="Search name, email, phone, service or message"
        value={search}
        onChange={onSearch}
        className="sm:col-span-3 lg:col-span-1"
      />
      <Select
        label="Status"
        hideLabel
        value={query.status}
        onChange={(event) => setQuery({ status: event.target.value as ContactsQuery['status'] })}
      >
        <option value="">All Contacts</option>
        <StatusOptions />
      </Select>
      <Select
        label="Priority"
        hideLabel
        value={query.priority}
        onChange={(event) => setQuery({ priority: event.target.value as ContactsQuery['priority'] })}
      >
        <option value="">All priorities</option>
        <PriorityOptions />
      </Select>
      <Select
        label="Follow-ups"
        hideLabel
        value={query.followUp}
        onChange={(event) => setQuery({ followUp: event.target.value as ContactsQuery['followUp'] })}
      >
        <option value="">Any follow-up</option>
        <option value="due">Follow-ups due</option>
        <option value="set">With a follow-up</option>
      </Select>
    </Card>
  );
}
