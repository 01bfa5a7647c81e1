import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { appStore, resetAppState, useAppState, type ClientItem } from '../../core/store/app-state.ts';
import { attachImageAction } from './image-actions.ts';
import { setServerItems } from '../items/item-actions.ts';
import { session } from '../../core/store/session.ts';
import { toastStore } from '../../core/store/toasts.ts';
import { fakeCamera, fakeCanvas } from '../../test/camera.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { sendXhrThroughFetch } from '../../test/xhr.ts';
import { ItemRow } from '../lists/list/ItemRow.tsx';
import { VIEW_ONLY_NOTICE_ID } from '../lists/list/row-focus.ts';
import { useItemImageDialog } from '../lists/list/useItemImageDialog.tsx';

const primary = (sig: string) => ({ id: 'img1', thumbnailUrl: `/t.webp?sig=${sig}`, mediumUrl: `/m.webp?sig=${sig}`, uploadedAt: '2025-01-01T00:00:00.000Z' });
const milk = item('i1', 'milk');
const milkWithImage = item('i1', 'milk', { images: { primary: primary('a') } });
const NONE: ClientItem[] = [];

/** The rows of list l1 with their image dialog, as the list screen has them. */
function Rows({ editable = true }: { editable?: boolean }) {
  const items = useAppState((state) => state.items.l1 ?? NONE);
  const images = useItemImageDialog('l1', editable, items);
  return (
    <>
      {!editable && (
        <p id={VIEW_ONLY_NOTICE_ID} tabIndex={-1}>
          View only
        </p>
      )}
      <ul>
        {items.map((entry) => (
          <ItemRow key={entry.id} item={entry} editable={editable} onToggle={vi.fn()} onDelete={vi.fn()} onImage={images.open} />
        ))}
      </ul>
      {images.dialog}
    </>
  );
}

const current = () => appStore.get().items.l1?.[0];
/** Radix moves focus after a dialog closes in a timer of its own. */
const settled = () => act(() => new Promise((done) => setTimeout(done, 20)));
const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('item image dialog', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    // Photos are attached, and kept until sent, for the user signed in.
    session.signIn({ token: 'token', user: makeUser() });
    toastStore.set([]);
    fetchMock = mockFetch();
    sendXhrThroughFetch();
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    appStore.update((state) => ({ ...state, lists: [makeList()], items: { l1: [milk] } }));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('Add Image to Item: a chosen file shows at once, uploads, and focus returns to the row', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    render(<Rows />);
    const slot = screen.getByRole('button', { name: 'Add image to milk' });
    await userEvent.click(slot);
    await dialog(IMAGE_TEXT.addImageTitle);
    expect(screen.getByRole('button', { name: IMAGE_TEXT.takePhoto })).toHaveFocus();
    // Only the formats the server stores are offered (a phone's gallery then gives a HEIC photo as JPEG).
    expect(screen.getByTestId('image-file')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await userEvent.upload(screen.getByTestId('image-file'), new File(['png'], 'milk.png', { type: 'image/png' }));
    const photo = `data:image/png;base64,${btoa('png')}`;
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(current()?.images?.primary).toMatchObject({ thumbnailUrl: photo, isOptimistic: true });
    expect(slot).toHaveAccessibleName('Image of milk');
    await settled();
    expect(slot).toHaveFocus();
    await vi.waitFor(() => expect(screen.getByRole('progressbar', { name: IMAGE_TEXT.uploading })).toBeInTheDocument());
    expect(callOf(fetchMock, 0).body).toEqual({ imageData: photo });
    resolve(answer(200, milkWithImage));
    await vi.waitFor(() => expect(slot.querySelector('img')).toHaveAttribute('src', '/t.webp?sig=a'));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('Take a Photo: the dialog turns into the camera, and the photo taken is attached', async () => {
    const camera = fakeCamera();
    const canvas = fakeCanvas();
    fetchMock.mockResolvedValueOnce(failure(413, 'The image is too large'));
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Add image to milk' }));
    await userEvent.click(await screen.findByRole('button', { name: IMAGE_TEXT.takePhoto }));
    expect(await dialog(IMAGE_TEXT.takePhotoTitle)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: IMAGE_TEXT.takePhotoTitle })).toHaveFocus();
    await act(() => camera.grant());
    fireEvent.loadedMetadata(screen.getByLabelText('Camera preview'));
    expect(screen.getByTestId('image-file')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXT.capture }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(camera.track.stop).toHaveBeenCalled();
    expect(callOf(fetchMock, 0).body).toEqual({ imageData: canvas.photo });
    await vi.waitFor(() => expect(toastStore.get().at(-1)?.message).toBe(`${MESSAGES.imageAttachFailed}The image is too large`));
    expect(current()?.images).toBeNull();
  });

  it('refuses to add an image on a list the server has not confirmed yet', async () => {
    appStore.update((state) => ({ ...state, lists: [{ ...makeList(), tempId: 'temp-1' }] }));
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Add image to milk' }));
    expect(toastStore.get().map((toast) => toast.message)).toEqual([MESSAGES.tempListNoImages]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the viewer shows the medium image, and "Failed to load image" until a fresh URL comes', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Image of milk' }));
    await dialog('milk');
    fireEvent.error(screen.getByRole('img', { name: 'Image of milk' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.imageLoadFailed);
    act(() => setServerItems('l1', [item('i1', 'milk', { images: { primary: primary('b') } })]));
    expect(screen.getByRole('img', { name: 'Image of milk' })).toHaveAttribute('src', '/m.webp?sig=b');
  });

  it('Remove Image takes it away at once and closes; the server is told', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    fetchMock.mockResolvedValueOnce(answer(200, { success: true }));
    render(<Rows />);
    const slot = screen.getByRole('button', { name: 'Image of milk' });
    await userEvent.click(slot);
    await userEvent.click(await screen.findByRole('button', { name: IMAGE_TEXT.removeImage }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(current()?.images).toBeNull();
    expect(slot).toHaveAccessibleName('Add image to milk');
    await settled();
    expect(slot).toHaveFocus();
    // With the undo id its notice's Undo names (features/items/undo.ts).
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'DELETE', url: expect.stringMatching(/^\/api\/v1\/lists\/l1\/items\/i1\/image\?undo=[0-9a-f-]{36}$/) });
  });

  it('Retake Image opens the camera for the same item', async () => {
    fakeCamera();
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Image of milk' }));
    await userEvent.click(await screen.findByRole('button', { name: IMAGE_TEXT.retakeImage }));
    expect(await dialog(IMAGE_TEXT.takePhotoTitle)).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalled();
  });

  it('offers Cancel Upload instead of Remove and Retake while a retake uploads; it brings the image before back', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    const request = new Promise<Response>(() => {});
    fetchMock.mockReturnValueOnce(request);
    render(<Rows />);
    const upload = attachImageAction('l1', 'i1', 'data:image/jpeg;base64,/9j/4AAQ');
    const slot = screen.getByRole('button', { name: 'Image of milk' });
    await userEvent.click(slot);
    expect(screen.getByRole('status')).toHaveTextContent(IMAGE_TEXT.uploading);
    expect(screen.queryByRole('button', { name: IMAGE_TEXT.removeImage })).toBeNull();
    expect(screen.queryByRole('button', { name: IMAGE_TEXT.retakeImage })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: IMAGE_TEXT.cancelUpload }));
    await upload;
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(current()).toEqual(milkWithImage);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(toastStore.get().map((toast) => toast.message)).toEqual([IMAGE_TEXT.uploadCancelled]);
    await vi.waitFor(() => expect(slot).toHaveFocus());
  });

  it('a read-only member sees the image, without Remove or Retake', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    render(<Rows editable={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Image of milk' }));
    expect(await screen.findByRole('img', { name: 'Image of milk' })).toHaveAttribute('src', '/m.webp?sig=a');
    expect(screen.queryByRole('button', { name: IMAGE_TEXT.removeImage })).toBeNull();
    expect(screen.queryByRole('button', { name: IMAGE_TEXT.retakeImage })).toBeNull();
  });

  it("gives a viewer's focus to the view-only notice when someone else removes the image they look at: its row has no control left", async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    render(<Rows editable={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Image of milk' }));
    await dialog('milk');
    act(() => setServerItems('l1', [milk]));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix moves the focus in a timer of its own, which a loaded machine runs late.
    await vi.waitFor(() => expect(screen.getByText('View only')).toHaveFocus());
  });

  it('closes when someone else removes the image meanwhile, and opens again from the row', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [milkWithImage] } }));
    render(<Rows />);
    await userEvent.click(screen.getByRole('button', { name: 'Image of milk' }));
    await dialog('milk');
    act(() => setServerItems('l1', [milk]));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add image to milk' }));
    expect(await dialog(IMAGE_TEXT.addImageTitle)).toBeInTheDocument();
  });
});
