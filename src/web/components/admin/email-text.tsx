import { Fragment } from 'react';

/**
 * An e-mail address that wraps, when it must, after its @ and before its dots (a <wbr> at each), rather
 * than in the middle of a word ("filler1@example.co|m").
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
