import { Spinner } from '../ui/button';
import './loading.css';

/** A whole-area wait (a screen's chunk arriving, the staff session being checked). */
export function AdminLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="admin-loading" role="status">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
