import { Notice } from "@/components/ui/notice";

/** A form's error banner: what went wrong, plus the API's field errors that have no field on screen. */
export function FormErrorNotice({ title, otherErrors, testId }: { title: string; otherErrors: [string, string][]; testId: string }) {
  return (
    <Notice tone="error" title={title} testId={testId}>
      {otherErrors.length > 0 && (
        <ul className="list-disc pl-5">
          {otherErrors.map(([field, message]) => (
            <li key={field}>
              <code className="font-mono text-xs">{field}</code> {message}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
