// What other features may use of media; the rest is its own (biome.json enforces it).
export { uploadTargetQueryKey } from './api/upload-target-key.ts';
export { ImagePicker } from './components/image-picker.tsx';
export { MultiImagePicker } from './components/multi-image-picker.tsx';
