/**
 * The Vietnamese message catalogue: every word a person sees, for the browser (through i18next)
 * and for the server (error messages, e-mails). Strings quoted by the spec are kept verbatim.
 */
export const vi = {
  app: {
    name: 'Học viện',
    fullName: 'Học viện — Học viện đào tạo',
    tagline: 'Khóa học, tiến độ và đánh giá của học viên ở một nơi.',
  },
  nav: {
    label: 'Điều hướng chính',
    activity: 'Hoạt động',
    courses: 'Khóa học',
    students: 'Học viên',
    notifications: 'Thông báo',
    profile: 'Tôi',
    unread: 'Có thông báo chưa đọc',
    skipToContent: 'Bỏ qua để đến nội dung chính',
  },
  screens: {
    activity: {
      title: 'Hoạt động',
      subtitle: 'Bài đăng và đánh giá mới nhất của học viện.',
      empty: 'Chưa có bài đăng nào. Hãy đăng bài đầu tiên để cả lớp cùng xem.',
      create: 'Đăng bài',
    },
    courses: {
      title: 'Khóa học',
      subtitle: 'Các khóa học và bài học của học viện.',
      empty: 'Chưa có khóa học nào. Thêm khóa học đầu tiên.',
      add: 'Thêm khóa học',
      search: 'Tìm khóa học, bài học, học viên…',
    },
    courseDetail: { title: 'Chi tiết khóa học' },
    students: {
      title: 'Học viên',
      subtitle: 'Danh sách học viên và tiến độ học tập.',
      empty: 'Chưa có học viên nào. Thêm học viên đầu tiên.',
      add: 'Thêm học viên',
      search: 'Tìm học viên…',
    },
    studentDetail: { title: 'Hồ sơ học viên' },
    instructors: {
      title: 'Giảng viên',
      subtitle: 'Đội ngũ giảng viên của học viện.',
      empty: 'Chưa có giảng viên nào.',
    },
    instructorDetail: { title: 'Hồ sơ giảng viên' },
    notifications: {
      title: 'Thông báo',
      subtitle: 'Những gì liên quan đến bạn.',
      empty: 'Bạn chưa có thông báo nào. Lượt thích, bình luận và đánh giá mới sẽ hiện ở đây.',
    },
    profile: {
      title: 'Tôi',
      subtitle: 'Hồ sơ, bài đã lưu và cài đặt của bạn.',
      userManagement: 'Quản lý người dùng',
      adminTools: 'Công cụ quản trị',
      instructors: 'Giảng viên',
      dashboard: 'Bảng điều khiển',
      privacy: 'Quyền riêng tư',
    },
    post: { title: 'Bài viết' },
    userManagement: {
      title: 'Quản lý người dùng',
      subtitle: 'Duyệt, chặn và phân quyền tài khoản.',
      empty: 'Không có yêu cầu nào đang chờ duyệt.',
    },
    adminTools: {
      title: 'Công cụ quản trị',
      subtitle: 'Cấu hình, nhật ký và dữ liệu mẫu.',
    },
    dashboard: {
      title: 'Bảng điều khiển',
      subtitle: 'Số liệu của học viện theo tuần.',
    },
    privacy: {
      title: 'Quyền riêng tư',
      subtitle: 'Ứng dụng lưu gì và vì sao.',
      sections: [
        {
          title: 'Ai vận hành ứng dụng',
          body: 'Ứng dụng do chính học viện của bạn cài đặt và vận hành trên máy chủ của học viện. Dữ liệu không được gửi cho dịch vụ đám mây nào, trừ khi quản trị viên chọn Cloudinary để lưu ảnh.',
        },
        {
          title: 'Chúng tôi lưu gì',
          body: 'Họ tên, email, số điện thoại, địa chỉ, ngày sinh và ảnh đại diện bạn cung cấp; các khóa học bạn theo học hoặc giảng dạy; tiến độ từng bài học và nhận xét của giảng viên; bài đăng, ảnh, bình luận, lượt thích và bài đã lưu; thông báo và thiết bị nhận thông báo đẩy.',
        },
        {
          title: 'Vì sao',
          body: 'Để giảng viên theo dõi và đánh giá quá trình học, để học viên xem tiến độ của mình, và để cả lớp trao đổi trong bảng tin. Dữ liệu không dùng cho quảng cáo.',
        },
        {
          title: 'Ai xem được',
          body: 'Quản trị viên và giảng viên xem được hồ sơ học viên. Học viên chỉ xem được hồ sơ và tiến độ của chính mình. Bài đã lưu chỉ mình bạn thấy. Giảng viên có thể ẩn bài của mình và ẩn các bài nhắc đến mình.',
        },
        {
          title: 'Quyền của bạn',
          body: 'Bạn có thể sửa thông tin cá nhân trong mục Tôi, đổi email, và đề nghị quản trị viên xóa tài khoản. Khi tài khoản bị xóa, hồ sơ, tiến độ và bài đăng của bạn cũng bị xóa.',
        },
      ],
    },
    login: {
      title: 'Đăng nhập',
      subtitle: 'Chào mừng bạn đến với Học viện.',
    },
    onboarding: { title: 'Bắt đầu', subtitle: 'Cho chúng tôi biết bạn là ai.' },
    finishLogin: { title: 'Đang hoàn tất đăng nhập…' },
    guest: { title: 'Chế độ khách', subtitle: 'Xem học viện mà không cần đăng nhập.' },
    comingSoon: 'Màn hình này đang được hoàn thiện.',
  },
  notFound: {
    title: 'Không tìm thấy trang',
    body: 'Địa chỉ này không tồn tại hoặc đã bị xóa.',
    back: 'Về trang Hoạt động',
  },
  routerError: {
    // The spec names the router's default error screen by this English title.
    title: 'Unexpected Application Error!',
    body: 'Đã có lỗi không mong muốn. Vui lòng tải lại trang.',
    reload: 'Tải lại trang',
  },
  offline: {
    title: 'Mất kết nối',
    body: 'Vui lòng kiểm tra kết nối internet của bạn. Ứng dụng sẽ tự tiếp tục khi có mạng trở lại.',
    back: 'Đã có kết nối trở lại.',
  },
  newVersion: {
    title: 'Đã có phiên bản mới',
    body: 'Ứng dụng vừa được cập nhật. Tải phiên bản mới để tiếp tục.',
    action: 'Cập nhật ngay',
  },
  loading: 'Đang tải…',
  toast: {
    close: 'Đóng thông báo',
    region: 'Thông báo nhanh',
    newNotification: 'Bạn có thông báo mới',
  },
  tutorial: {
    skip: 'Bỏ qua',
    next: 'Tiếp theo',
    gotIt: 'Tôi hiểu rồi',
    finish: 'Hoàn tất',
  },
  status: {
    student: {
      pending: 'Chờ duyệt',
      active: 'Đang học',
      blocked: 'Bảo lưu',
      completed: 'Đã hoàn thành',
    },
    instructor: {
      pending: 'Chờ duyệt',
      active: 'Đang hoạt động',
      blocked: 'Bị chặn',
    },
  },
  role: { admin: 'Quản trị viên', instructor: 'Giảng viên', student: 'Học viên' },
  /** Spec section 8, verbatim. */
  toasts: {
    addStudentFailed: 'Thêm học viên thất bại.',
    updateFailed: 'Cập nhật thất bại.',
    deleteFailed: 'Xóa thất bại.',
    createProfileFailed: 'Tạo hồ sơ thất bại.',
    approveFailed: 'Phê duyệt thất bại.',
    rejectFailed: 'Từ chối thất bại.',
    mergeFailed: 'Hợp nhất hồ sơ thất bại: {{reason}}',
    postFailed: 'Đăng bài thất bại.',
    updateCommentFailed: 'Cập nhật bình luận thất bại.',
    deleteCommentFailed: 'Xóa bình luận thất bại.',
    addInstructorFailed: 'Thêm giảng viên thất bại.',
    deleteUserFailed: 'Xóa người dùng thất bại.',
    addCourseFailed: 'Thêm khóa học thất bại.',
    deleteLessonFailed: 'Xóa bài học thất bại.',
    uploadFailed: 'Tải tệp lên thất bại.',
    networkError: 'Lỗi mạng. Vui lòng kiểm tra kết nối internet của bạn.',
    settingsLoading: 'Đang tải cài đặt dịch vụ, vui lòng thử lại sau giây lát.',
    cloudinaryMissing:
      'Cấu hình Cloudinary chưa được thiết lập. Vui lòng vào Bảng điều khiển của Admin.',
    uploadFailedStatus: 'Tải lên thất bại. Mã lỗi: {{status}}',
    loginLinkSent: 'Đã gửi liên kết đăng nhập. Vui lòng kiểm tra email của bạn!',
  },
  /** Messages of the API's error codes (shared/errors.ts); the web app shows `errors.<code>`. */
  errors: {
    validation_failed: 'Dữ liệu không hợp lệ.',
    malformed_json: 'Dữ liệu gửi lên không đúng định dạng JSON.',
    unsupported_media_type: 'Định dạng dữ liệu gửi lên không được hỗ trợ.',
    payload_too_large: 'Dữ liệu gửi lên quá lớn.',
    route_not_found: 'Không tìm thấy địa chỉ yêu cầu.',
    rate_limited: 'Bạn thao tác quá nhanh. Vui lòng thử lại sau ít phút.',
    database_unavailable: 'Không kết nối được cơ sở dữ liệu. Vui lòng thử lại sau.',
    internal_error: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.',
    post_not_found: 'Không tìm thấy bài viết.',
    cannot_delete_self: 'Không thể xóa chính mình.',
    invalid_link: 'Liên kết không hợp lệ hoặc đã hết hạn.',
    student_access_disabled: 'Quyền truy cập của học viên hiện đang bị tắt.',
    account_pending: 'Tài khoản đang chờ phê duyệt.',
    account_status: 'Tài khoản đang ở trạng thái "{{status}}".',
    merge_target_missing: 'Hồ sơ học viên hiện tại không còn tồn tại.',
    network: 'Lỗi mạng. Vui lòng kiểm tra kết nối internet của bạn.',
  },
} as const;

export type Catalogue = typeof vi;
