// The typed-code form of the /r pages: posts to /r, which reads the code the forgiving way
// (@market/domain/redemption-code) and opens /r/{code}, or answers 400 with the message shown here.
import { useId } from 'react';
import { Form } from 'react-router';

export function CodeEntryForm({ error, value }: { error?: string | null | undefined; value?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form method="post" action="/r" className="rc-code-entry" noValidate>
      <label htmlFor={id}>Code on the coupon</label>
      <div className="rc-code-entry-row">
        <input
          id={id}
          name="code"
          defaultValue={value}
          placeholder="7K3QD-M2XWA-9PTRC"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn-outline">
          Check
        </button>
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
