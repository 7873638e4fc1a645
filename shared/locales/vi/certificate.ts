/**
 * The catalogue's part for a certificate's PDF and its public verification page (`/c/<code>`),
 * which the server writes: kept out of `vi` so that no browser bundle carries it.
 */
export const certificateText = {
  heading: 'CHỨNG NHẬN HOÀN THÀNH KHÓA HỌC',
  certifies: '{{academy}} chứng nhận học viên',
  finished: 'đã hoàn thành khóa học',
  date: 'Ngày hoàn thành: {{date}}',
  instructors: 'Giảng viên: {{names}}',
  works: 'Tác phẩm tiêu biểu',
  code: 'Mã chứng nhận: {{code}}',
  verifyAt: 'Kiểm tra chứng nhận tại {{url}}',
  file: 'chung-nhan-{{name}}.pdf',
  page: {
    title: 'Kiểm tra chứng nhận',
    valid: 'Chứng nhận hợp lệ',
    validBody:
      '{{academy}} xác nhận học viên {{name}} đã hoàn thành khóa học {{course}} ngày {{date}}.',
    revoked: 'Chứng nhận đã bị thu hồi',
    revokedBody:
      'Chứng nhận khóa học {{course}} cấp cho {{name}} ngày {{date}} đã bị {{academy}} thu hồi ngày {{revokedDate}} và không còn giá trị.',
    unknown: 'Không tìm thấy chứng nhận',
    unknownBody:
      'Không có chứng nhận nào với mã này. Hãy kiểm tra lại mã in trên chứng nhận (12 ký tự, gồm chữ và số).',
    instructors: 'Giảng viên: {{names}}',
    code: 'Mã chứng nhận: {{code}}',
  },
} as const;
