import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMAGE_FILE_MAX_BYTES, IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { BusyButton } from '../BusyButton.tsx';
import { readAsDataUrl } from './camera.ts';

interface FilePickButtonProps {
  className?: string;
  /** While the caller works on a photo: unavailable, but the focus stays. */
  busy?: boolean;
  /** The chosen image as a data URL. */
  onPhoto: (photo: string) => void;
  /** Why a chosen file was not taken (too large, unreadable); undefined once one was. */
  onProblem: (problem: string | undefined) => void;
  /** The file types offered (the input's `accept`): any image unless the caller takes fewer. */
  accept?: string;
}

/** "Choose a File": the photo from the device's files or gallery, for when there is no camera (or beside it). */
export function FilePickButton({ className, busy = false, onPhoto, onProblem, accept = 'image/*' }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  async function take(file: File) {
    // Read into memory and sent only when the server could take it (10 MB decoded at most).
    if (file.size > IMAGE_FILE_MAX_BYTES) return onProblem(IMAGE_TEXT.fileTooLarge);
    if (file.size === 0) return onProblem(IMAGE_TEXT.fileEmpty);
    setReading(true);
    try {
      const photo = await readAsDataUrl(file);
      onProblem(undefined);
      onPhoto(photo);
    } catch {
      onProblem(IMAGE_TEXT.fileUnreadable);
    } finally {
      setReading(false);
    }
  }

  return (
    <>
      <input
        name="image"
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="image-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after a failure) is a change too.
          event.target.value = '';
          if (file) void take(file);
        }}
      />
      <BusyButton className={className} busy={busy || reading} aria-busy={reading} onClick={() => input.current?.click()}>
        <ImageUp size={20} aria-hidden />
        {IMAGE_TEXT.chooseFile}
      </BusyButton>
    </>
  );
}
