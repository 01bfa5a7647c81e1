import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_FILE_MAX_BYTES, IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { CameraCapture } from './CameraCapture.tsx';
import { fakeCamera, fakeCanvas } from '../../test/camera.ts';

describe('CameraCapture', () => {
  beforeEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks for the rear camera, captures the frame as JPEG at quality 0.8, and stops the camera when it goes', async () => {
    const camera = fakeCamera();
    const canvas = fakeCanvas();
    const onPhoto = vi.fn();
    const { unmount } = render(<CameraCapture onPhoto={onPhoto} />);
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(screen.getByRole('status')).toHaveTextContent(IMAGE_TEXT.cameraStarting);
    const capture = screen.getByRole('button', { name: IMAGE_TEXT.capture });
    expect(capture).toBeDisabled();
    await act(() => camera.grant());
    const video = screen.getByLabelText<HTMLVideoElement>('Camera preview');
    expect(video.srcObject).toBe(camera.stream);
    fireEvent.loadedMetadata(video);
    await userEvent.click(capture);
    expect(canvas.drawImage).toHaveBeenCalledWith(video, 0, 0, 1280, 720);
    expect(canvas.toDataURL).toHaveBeenCalledWith('image/jpeg', 0.8);
    expect(onPhoto).toHaveBeenCalledExactlyOnceWith(canvas.photo);
    expect(camera.track.stop).not.toHaveBeenCalled();
    unmount();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('stops a camera granted only after it went', async () => {
    const camera = fakeCamera();
    const { unmount } = render(<CameraCapture onPhoto={vi.fn()} />);
    unmount();
    await act(() => camera.grant());
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('says camera access was denied and offers a file instead', async () => {
    const camera = fakeCamera();
    const onPhoto = vi.fn();
    render(<CameraCapture onPhoto={onPhoto} />);
    await act(() => camera.deny(new DOMException('Permission denied', 'NotAllowedError')));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.cameraDenied);
    expect(screen.queryByRole('button', { name: IMAGE_TEXT.capture })).toBeNull();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    await userEvent.upload(screen.getByTestId('image-file'), new File(['jpeg bytes'], 'milk.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(onPhoto).toHaveBeenCalledWith(`data:image/jpeg;base64,${btoa('jpeg bytes')}`));
  });

  it('offers only a file where the browser has no camera', () => {
    render(<CameraCapture onPhoto={vi.fn()} />);
    expect(screen.getByText(IMAGE_TEXT.cameraUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IMAGE_TEXT.chooseFile })).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByRole('button', { name: IMAGE_TEXT.capture })).toBeNull();
  });

  it('refuses a file over 10 MB without reading it', async () => {
    const onPhoto = vi.fn();
    render(<CameraCapture onPhoto={onPhoto} />);
    const big = new File([new Uint8Array(IMAGE_FILE_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('image-file'), big);
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_TEXT.fileTooLarge);
    expect(onPhoto).not.toHaveBeenCalled();
  });

  it('refuses an empty file, in words for the user', async () => {
    const onPhoto = vi.fn();
    render(<CameraCapture onPhoto={onPhoto} />);
    await userEvent.upload(screen.getByTestId('image-file'), new File([], 'empty.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_TEXT.fileEmpty);
    expect(onPhoto).not.toHaveBeenCalled();
  });

  it('disables both ways to give a photo while the caller is busy with one', async () => {
    const camera = fakeCamera();
    render(<CameraCapture onPhoto={vi.fn()} busy />);
    await act(() => camera.grant());
    fireEvent.loadedMetadata(screen.getByLabelText('Camera preview'));
    expect(screen.getByRole('button', { name: IMAGE_TEXT.capture })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: IMAGE_TEXT.chooseFile })).toHaveAttribute('aria-disabled', 'true');
  });
});
