import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_TEXT } from '../../../../common/image-uploads.ts';
import { MESSAGES } from '../../../../common/messages.ts';
import type { ClientItem } from '../../../core/store/app-state.ts';
import { uploadProgress } from '../../photos/image-actions.ts';
import { item } from '../../../test/http.ts';
import { ItemRow } from './ItemRow.tsx';

describe('ItemRow', () => {
  afterEach(cleanup);

  const milk = item('i1', 'milk', {
    properties: { qty: '2 bottles', name_fr: 'lait', department: 'Dairy', tag_organic: true, translations: { es: 'leche' } },
  });

  it('shows the quantity, content, translations and property tags', () => {
    render(<ItemRow item={milk} editable onToggle={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByText('2 bottles')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /milk/ })).not.toBeChecked();
    expect(screen.getByText('lait')).toBeInTheDocument();
    expect(screen.getByText('leche')).toBeInTheDocument();
    expect(screen.getByText('Dairy')).toBeInTheDocument();
    expect(screen.getByText('organic')).toBeInTheDocument();
  });

  it('shows a tag that reads as another once, and not the property the list is grouped by', () => {
    const other = item('i3', 'widget', { properties: { department: 'Other', category: 'other', priority: 'low' } });
    const { rerender } = render(<ItemRow item={other} editable onToggle={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getAllByText(/^other$/i)).toHaveLength(1);
    expect(screen.getByText('priority low')).toBeInTheDocument();
    rerender(<ItemRow item={other} editable leftOut={['priority']} onToggle={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.queryByText('priority low')).toBeNull();
    expect(screen.getAllByText(/^other$/i)).toHaveLength(1);
  });

  it('toggles and deletes through its controls', async () => {
    const onToggle = vi.fn();
    const onDelete = vi.fn();
    render(<ItemRow item={milk} editable onToggle={onToggle} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /milk/ }));
    expect(onToggle).toHaveBeenCalledExactlyOnceWith(milk);
    await userEvent.click(screen.getByRole('button', { name: 'Delete milk' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(milk);
  });

  it('renames in place from the quantity and name: Enter saves, Escape cancels, empty or unchanged just closes', async () => {
    const onRename = vi.fn();
    render(<ItemRow item={milk} editable onToggle={vi.fn()} onDelete={vi.fn()} onRename={onRename} />);
    const open = () => userEvent.click(screen.getByRole('button', { name: 'milk, rename item' }));

    await open();
    expect(screen.getByRole('textbox', { name: 'Item name' })).toHaveValue('2 bottles milk');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();
    await open();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Item name' }));
    await userEvent.keyboard('{Enter}');
    await open();
    await userEvent.keyboard('{Enter}');
    expect(onRename).not.toHaveBeenCalled();

    await open();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Item name' }));
    await userEvent.keyboard(' 3 oat milk {Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith(milk, '3 oat milk', 'milk');
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();

    // Taking the quantity out is a change too.
    await open();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Item name' }));
    await userEvent.keyboard('milk{Enter}');
    expect(onRename).toHaveBeenLastCalledWith(milk, 'milk', 'milk');
  });

  it('sends the name the editor started from when someone renamed the item while it was open', async () => {
    const onRename = vi.fn();
    const props = { editable: true, onToggle: vi.fn(), onDelete: vi.fn(), onRename };
    const { rerender } = render(<ItemRow item={milk} {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'milk, rename item' }));
    const renamed = { ...milk, content: 'oat milk' };
    rerender(<ItemRow item={renamed} {...props} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Item name' }));
    await userEvent.keyboard('whole milk{Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith(renamed, 'whole milk', 'milk');
  });

  it('sends nothing when the editor closes on the text it opened with, though the item changed elsewhere meanwhile', async () => {
    const onRename = vi.fn();
    const props = { editable: true, onToggle: vi.fn(), onDelete: vi.fn(), onRename };
    const { rerender } = render(<ItemRow item={milk} {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'milk, rename item' }));
    rerender(<ItemRow item={{ ...milk, content: 'oat milk', properties: { qty: '3' } }} {...props} />);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();
    expect(onRename).not.toHaveBeenCalled();
  });

  it('edits the name alone when its quantity would not read back the same', async () => {
    render(<ItemRow item={item('i2', 'flour', { properties: { qty: '2 stone' } })} editable onToggle={vi.fn()} onDelete={vi.fn()} onRename={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'flour, rename item' }));
    expect(screen.getByRole('textbox', { name: 'Item name' })).toHaveValue('flour');
  });

  it('closes the rename editor, saving nothing, when the right to edit goes while it is open', async () => {
    const onRename = vi.fn();
    const props = { item: milk, onToggle: vi.fn(), onDelete: vi.fn(), onRename };
    const { rerender } = render(<ItemRow {...props} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'milk, rename item' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Item name' }), ' organic');

    rerender(<ItemRow {...props} editable={false} />);
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();
    // Given back later, the right does not bring back the abandoned text.
    rerender(<ItemRow {...props} editable />);
    expect(screen.queryByRole('textbox', { name: 'Item name' })).toBeNull();
    expect(onRename).not.toHaveBeenCalled();
  });

  it('is read-only without the edit permission', () => {
    render(<ItemRow item={{ ...milk, is_completed: true }} editable={false} onToggle={vi.fn()} onDelete={vi.fn()} onRename={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: /milk/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /milk/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Delete milk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'milk, rename item' })).toBeNull();
  });
});

describe('ItemRow image', () => {
  afterEach(() => {
    cleanup();
    uploadProgress.set({});
  });

  const primary = { id: 'img1', thumbnailUrl: '/t1.webp?sig=a', mediumUrl: '/m1.webp?sig=a', uploadedAt: '2025-01-01T00:00:00.000Z' };
  const bread = item('i2', 'bread', { images: { primary } });
  const row = (props: Partial<Parameters<typeof ItemRow>[0]> & { item: ClientItem }) =>
    render(<ItemRow editable onToggle={vi.fn()} onDelete={vi.fn()} onImage={vi.fn()} {...props} />);

  it('shows the thumbnail, which opens the image; an editor without an image gets the add-image button', async () => {
    const onImage = vi.fn();
    row({ item: bread, onImage });
    const thumbnail = screen.getByRole('button', { name: 'Image of bread' });
    expect(thumbnail.querySelector('img')).toHaveAttribute('src', '/t1.webp?sig=a');
    await userEvent.click(thumbnail);
    expect(onImage).toHaveBeenCalledExactlyOnceWith(bread);
    cleanup();
    const plain = item('i3', 'eggs');
    row({ item: plain, onImage });
    await userEvent.click(screen.getByRole('button', { name: 'Add image to eggs' }));
    expect(onImage).toHaveBeenLastCalledWith(plain);
  });

  it('shows a cross labelled "Failed to load image" for a broken thumbnail, and tries a fresh URL again', () => {
    const { rerender } = row({ item: bread });
    fireEvent.error(screen.getByRole('button', { name: 'Image of bread' }).querySelector('img')!);
    const broken = screen.getByRole('button', { name: `Image of bread: ${MESSAGES.imageLoadFailed}` });
    expect(broken).toHaveAttribute('title', MESSAGES.imageLoadFailed);
    expect(broken.querySelector('img')).toBeNull();
    const fresh = { ...bread, images: { primary: { ...primary, thumbnailUrl: '/t1.webp?sig=b' } } };
    rerender(<ItemRow item={fresh} editable onToggle={vi.fn()} onDelete={vi.fn()} onImage={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Image of bread' }).querySelector('img')).toHaveAttribute('src', '/t1.webp?sig=b');
  });

  it('shows the upload progress, and that it waits to try again', () => {
    uploadProgress.set({ i2: 0.25 });
    row({ item: bread });
    expect(screen.getByRole('progressbar', { name: IMAGE_TEXT.uploading })).toHaveAttribute('value', '0.25');
    act(() => uploadProgress.set({ i2: null }));
    expect(screen.getByRole('progressbar', { name: IMAGE_TEXT.uploadWaiting })).not.toHaveAttribute('value');
  });

  it('lets a read-only member open an image but not add one', () => {
    row({ item: bread, editable: false });
    expect(screen.getByRole('button', { name: 'Image of bread' })).toBeEnabled();
    cleanup();
    row({ item: item('i3', 'eggs'), editable: false });
    expect(screen.queryByRole('button', { name: 'Add image to eggs' })).toBeNull();
  });

  it('has no image place where images cannot be opened (a public list read signed out)', () => {
    row({ item: bread, onImage: undefined });
    expect(screen.queryByRole('button', { name: 'Image of bread' })).toBeNull();
  });
});
