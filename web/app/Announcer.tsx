import { useAnnouncement } from '../core/store/announcements.ts';

/**
 * The app's polite status for screen readers (core/store/announcements.ts); not seen. Keyed by the
 * announcement, so words repeated are put in again and read again.
 */
export function Announcer() {
  const { text, serial } = useAnnouncement();
  return (
    <div role="status" className="visually-hidden">
      <span key={serial}>{text}</span>
    </div>
  );
}
