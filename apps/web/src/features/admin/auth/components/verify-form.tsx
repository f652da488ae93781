import { useVerifyStaffCode } from '../api/enrolment';
import { CodeForm } from './code-form';

/** The second factor at each sign-in. */
export function VerifyForm({ onDone }: { onDone: () => void }) {
  const verify = useVerifyStaffCode();
  return (
    <CodeForm
      submitLabel="Verify"
      busyLabel="Verifying..."
      busy={verify.isPending}
      onCode={async (code) => {
        await verify.mutateAsync({ code });
        onDone();
      }}
    />
  );
}
