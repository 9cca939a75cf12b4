import { describe, expect, it } from 'vitest';
import {
  galleryCapacityProblem,
  galleryMoreFit,
  galleryCapacityText,
  galleryUploadedText,
  galleryMeterTone,
  imageFilenameOf,
} from '../../../shared/contracts/portfolio-uploads';
import { deleteImage, planImageDeletion } from './image-deletion';

describe('image deletion', () => {
  it('takes the last path segment without query as the file name', () => {
    expect(imageFilenameOf('/uploads/files/abc.png?v=2#top')).toBe('abc.png');
    expect(imageFilenameOf('https://cdn.example.com/a/b/photo%20one.jpg')).toBe('photo one.jpg');
    expect(imageFilenameOf('https://example.com/')).toBeNull();
    expect(imageFilenameOf('   ')).toBeNull();
  });

  it('plans by the kind of address', () => {
    expect(planImageDeletion('', 3)).toEqual({ kind: 'nothing' });
    expect(planImageDeletion('blob:http://localhost/1234', 3)).toEqual({ kind: 'preview' });
    expect(planImageDeletion('https://example.com/', 3)).toEqual({ kind: 'invalid' });
    expect(planImageDeletion('/uploads/files/abc.png', undefined)).toEqual({ kind: 'server', upload: true });
    expect(planImageDeletion('/demo/one.svg', 7)).toEqual({ kind: 'server', upload: false });
    expect(planImageDeletion('/demo/one.svg', undefined)).toEqual({ kind: 'form-only' });
  });

  it('answers the documented messages without calling the server when there is nothing to send', async () => {
    expect(await deleteImage('', 1)).toEqual({ ok: false, title: 'No image to delete.', detail: '' });
    expect(await deleteImage('blob:http://x/1', 1)).toEqual({
      ok: true,
      message: 'Preview removed. The file was not uploaded yet.',
    });
    expect(await deleteImage('https://example.com/', 1)).toEqual({
      ok: false,
      title: 'Failed to delete image',
      detail: 'Invalid image URL - cannot extract filename',
    });
  });
});

describe('gallery capacity', () => {
  it('colours the meter green under 7, yellow from 7 to 9 and red at 10', () => {
    expect([0, 6, 7, 9, 10].map(galleryMeterTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
  });

  it('says how many images still fit', () => {
    expect(galleryCapacityText(7)).toBe('You can upload 3 more images (3 slots remaining)');
    expect(galleryCapacityProblem(7, 3)).toBeNull();
    expect(galleryCapacityProblem(8, 3)).toBe('Cannot upload 3 images. Only 2 slots remaining in gallery.');
  });

  it('says one image and one slot in the singular', () => {
    expect(galleryCapacityText(9)).toBe('You can upload 1 more image (1 slot remaining)');
    expect(galleryCapacityProblem(9, 2)).toBe('Cannot upload 2 images. Only 1 slot remaining in gallery.');
    expect(galleryCapacityProblem(10, 1)).toBe('Cannot upload 1 image. Only 0 slots remaining in gallery.');
    expect(galleryMoreFit(1)).toBe('1 more fits');
    expect(galleryMoreFit(4)).toBe('4 more fit');
    expect(galleryUploadedText(1)).toBe('Successfully uploaded 1 gallery image');
    expect(galleryUploadedText(3)).toBe('Successfully uploaded 3 gallery images');
  });
});
