import { useId, type Ref } from 'react';

/**
 * The `website` field of the public forms (quote, comment, newsletter): hidden from people and assistive
 * technology, so only bots fill it in; the server then stores nothing and answers as for a success.
 */
export function Honeypot({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${id}-website`}>Website</label>
      <input ref={inputRef} id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
