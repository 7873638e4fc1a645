// What other features may use of media; the rest is its own (biome.json enforces it).

export {
  sendImage,
  UploadError,
  type UploadTarget,
  uploadRequest,
} from './api/upload.ts';
export { uploadTargetQueryKey } from './api/upload-target-key.ts';
export { type KeptPhoto, uploadTarget } from './api/use-image-upload.ts';
export { ImagePicker } from './components/image-picker.tsx';
export { MultiImagePicker } from './components/multi-image-picker.tsx';
export { usePhotoFirst } from './hooks/use-photo-first.tsx';
