/**
 * The catalogue's part for the public page of a shared work (`/s/<token>`), which the server
 * writes: kept out of `vi` so that no browser bundle carries it.
 */
export const sharePage = {
  title: 'Tác phẩm của {{name}}',
  titleCourse: 'Tác phẩm của {{name}} · {{course}}',
  description: 'Tác phẩm tiêu biểu của học viên {{name}} tại {{academy}}.',
  descriptionCourse: 'Tác phẩm tiêu biểu của học viên {{name}}, khóa {{course}}, tại {{academy}}.',
  photo: 'Ảnh tác phẩm của {{name}}',
  more: 'Xem thêm tác phẩm',
  goneTitle: 'Không tìm thấy tác phẩm',
  goneBody: 'Tác phẩm này không còn được chia sẻ công khai.',
} as const;
