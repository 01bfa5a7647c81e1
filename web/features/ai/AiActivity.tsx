import { Loader2 } from 'lucide-react';
import { useAiActivity } from './ai-actions.ts';
import styles from './Ai.module.css';

/**
 * The list's AI busy indicator: what runs now ("Sorting with AI…"), visible and announced, never in
 * the way (decision 007 says how AI failures are shown).
 */
export function AiActivity({ listId }: { listId: string }) {
  const activity = useAiActivity(listId);
  return (
    <p role="status" className={styles.activity}>
      {activity && (
        <>
          <Loader2 size={16} className={styles.spinner} aria-hidden />
          <span className={styles.activityText}>{activity}</span>
        </>
      )}
    </p>
  );
}
