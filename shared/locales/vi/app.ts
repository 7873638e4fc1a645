/**
 * The product's own name and words about it: part of the shell's texts (shell.ts), in a file of
 * its own so that the page's first script names the academy without loading the rest
 * (web/lib/academy.ts).
 */
export const app = {
  name: 'Học viện',
  fullName: 'Học viện — Học viện đào tạo',
  tagline: 'Khóa học, tiến độ và đánh giá của học viên ở một nơi.',
  screenshotFeed: 'Đánh giá bài làm của học viên, kèm ảnh và điểm, ngay trên bảng tin',
};
