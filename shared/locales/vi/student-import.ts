/**
 * The catalogue's part for importing students from a spreadsheet (#66): one admin screen's words,
 * the row problems and refusals the server says. Kept apart from the signed-in part so that the
 * screens everyone opens on a phone do not carry an admin tool's text; the server and the
 * import's own screen read it from here (docs/decisions/0026).
 */
export const studentImport = {
  errors: {
    import_too_large: 'Tệp quá lớn: tối đa 5 MB. Hãy chia danh sách thành nhiều tệp.',
    import_too_many_rows:
      'Tệp có quá nhiều dòng: tối đa 5.000 học viên mỗi lần nhập. Hãy chia danh sách thành nhiều tệp.',
    import_too_many_columns: 'Tệp có quá nhiều cột: tối đa 50 cột.',
    import_unpacks_too_large:
      'Tệp .xlsx này giải nén ra quá lớn so với một danh sách học viên, nên không được mở.',
    import_macros:
      'Tệp có chứa macro nên không được mở. Hãy lưu lại dạng "Sổ làm việc Excel (.xlsx)" rồi thử lại.',
    import_old_excel:
      'Tệp Excel đời cũ (.xls) hoặc có mật khẩu. Hãy mở bằng Excel, bỏ mật khẩu và lưu dạng .xlsx hoặc .csv.',
    import_wrong_type:
      'Tệp không phải bảng tính .xlsx hay .csv. Hãy tải lên danh sách lưu từ Excel hoặc Google Trang tính.',
    import_unreadable:
      'Không đọc được bảng tính. Hãy mở lại bằng Excel hoặc Google Trang tính, lưu dạng .xlsx hoặc .csv rồi thử lại.',
    import_empty: 'Bảng tính không có dòng học viên nào dưới dòng tiêu đề.',
    import_not_found: 'Không tìm thấy lần nhập này. Có thể tệp đã quá 24 giờ; hãy tải tệp lên lại.',
    import_done: 'Lần nhập này đã được thực hiện hoặc đã hoàn tác.',
    import_nothing: 'Không có dòng nào để nhập. Hãy sửa các dòng lỗi rồi tải tệp lên lại.',
    import_mapping_columns: 'Cách ghép cột không khớp với tệp. Hãy tải lại trang và thử lại.',
    import_not_undoable: 'Không thể hoàn tác lần nhập này: {{reason}}',
  },
  validation: {
    importFieldTwice: 'Mỗi thông tin chỉ lấy từ một cột. Hãy bỏ chọn cột bị trùng.',
    importNameColumn:
      'Hãy chọn cột chứa họ và tên học viên (hoặc, với danh sách khóa học, cột chứa tên bài học).',
    importOneKind:
      'Một tệp chỉ nhập học viên hoặc khóa học: hãy bỏ chọn cột "Họ và tên" hoặc cột "Bài học".',
    importCourseColumn: 'Hãy chọn cột chứa tên khóa học của mỗi bài học.',
    importIdInvalid: 'Mã lần nhập không hợp lệ.',
  },
  screen: {
    title: 'Nhập học viên từ bảng tính',
    subtitle:
      'Tải lên danh sách học viên từ Excel hoặc Google Trang tính (.xlsx hoặc .csv), xem trước từng dòng rồi nhập một lần.',
    entry: 'Nhập học viên từ Excel',
    entryHint: 'Thêm cả danh sách học viên đang có trong bảng tính, thay vì nhập từng người.',
    template: 'Tải tệp mẫu học viên',
    courseTemplate: 'Tải tệp mẫu khóa học',
    courseTemplateFileName: 'mau-nhap-khoa-hoc',
    courseSheetName: 'Khóa học',
    courseTemplateExample: [
      ['Sơn gel căn bản', 'Khóa 8 buổi cho người mới.', 'Dũa form móng'],
      ['', '', 'Sơn gel một màu'],
      ['', '', 'Tháo gel an toàn'],
      ['Vẽ móng nghệ thuật', 'Vẽ hoa, vân đá, ombre.', 'Vẽ hoa cơ bản'],
      ['', '', 'Ombre hai màu'],
    ],
    export: 'Xuất danh sách học viên (Excel)',
    choose: 'Chọn tệp .xlsx hoặc .csv',
    chooseAgain: 'Chọn tệp khác',
    reading: 'Đang đọc tệp…',
    columns: 'Ghép cột với thông tin',
    columnsHint: 'Đã tự ghép theo tiêu đề cột. Đổi nếu chưa đúng.',
    columnIgnored: 'Bỏ qua cột này',
    fields: {
      name: 'Họ và tên',
      phone: 'Số điện thoại',
      email: 'Email',
      dob: 'Ngày sinh',
      address: 'Địa chỉ',
      courses: 'Khóa học',
      lesson: 'Bài học',
      description: 'Mô tả khóa học',
    },
    progress: 'Tiến độ',
    statusColumn: 'Trạng thái',
    registeredColumn: 'Ngày đăng ký',
    sheetName: 'Học viên',
    fileName: 'hoc-vien',
    templateFileName: 'mau-nhap-hoc-vien',
    templateExample: {
      name: 'Nguyễn Thị Lan',
      phone: '0912 345 678',
      email: 'lan.nguyen@gmail.com',
      dob: '07/05/2001',
      address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
      courses: 'Sơn gel căn bản; Vẽ móng nghệ thuật',
    },
    newCourses: 'Khóa học chưa có trong học viện',
    newCoursesHint:
      'Đánh dấu để tạo khóa học mới (chưa có bài học). Bỏ đánh dấu thì học viên vẫn được nhập nhưng không ghi danh khóa đó.',
    preview: 'Xem trước',
    counts: '{{create}} thêm mới · {{update}} cập nhật · {{unchanged}} không đổi · {{skip}} bỏ qua',
    courseCounts: '{{create}} bài học mới · {{unchanged}} đã có · {{skip}} bỏ qua',
    commitLessons: 'Nhập {{count}} bài học',
    doneLessons: 'Đã nhập: {{lessons}} bài học, {{courses}} khóa học mới.',
    historyCourses: '{{file}}: {{courses}} khóa học mới, {{lessons}} bài học mới',
    lessonOf: 'Bài học: {{lesson}}',
    problemsTitle: '{{count}} dòng có lỗi sẽ bị bỏ qua',
    problemsHint: 'Sửa các dòng này trong tệp rồi tải lên lại, hoặc nhập các dòng còn lại.',
    onlyProblems: 'Chỉ xem dòng lỗi',
    allRows: 'Xem tất cả dòng',
    line: 'Dòng {{line}}',
    actions: {
      create: 'Thêm mới',
      update: 'Cập nhật',
      unchanged: 'Không đổi',
      skip: 'Bỏ qua',
    },
    commit: 'Nhập {{count}} học viên',
    committing: 'Đang nhập…',
    done: 'Đã nhập: {{created}} học viên mới, {{updated}} cập nhật.',
    history: 'Các lần nhập gần đây',
    historyEmpty: 'Chưa nhập lần nào.',
    historyItem: '{{file}}: {{created}} mới, {{updated}} cập nhật, {{courses}} khóa học mới',
    undone: 'Đã hoàn tác',
    undo: 'Hoàn tác lần nhập',
    undoConfirm:
      'Hoàn tác sẽ xóa {{created}} học viên mới và {{courses}} khóa học mới của lần nhập này, và trả {{updated}} học viên được cập nhật về như trước. Tiếp tục?',
    undoConfirmCourses:
      'Hoàn tác sẽ xóa {{courses}} khóa học mới và {{lessons}} bài học mới của lần nhập này. Tiếp tục?',
    undoDone: 'Đã hoàn tác lần nhập.',
    more: 'Còn {{count}} dòng nữa',
    problems: {
      nameMissing: 'Thiếu họ và tên.',
      formula:
        'Cột "{{column}}" chứa công thức ({{value}}), không phải giá trị. Hãy nhập giá trị thật.',
      tooLong: 'Cột "{{column}}" dài quá {{max}} ký tự.',
      phone: 'Số điện thoại "{{value}}" không đọc được.',
      date: 'Ngày sinh "{{value}}" không phải ngày hợp lệ (viết ngày/tháng/năm, ví dụ 07/05/2001).',
      email: 'Email "{{value}}" không hợp lệ.',
      emailOfAnother: 'Email {{value}} đã là của {{name}}.',
      twoStudents:
        'Số điện thoại là của {{phoneName}} nhưng email là của {{emailName}}: không biết cập nhật ai.',
      sameAs: 'Trùng học viên với dòng {{line}}.',
      courseSkipped: 'Không ghi danh khóa "{{course}}" vì học viện chưa có khóa này.',
      courseMissing: 'Thiếu tên khóa học.',
      newCourse: 'Tạo khóa học mới "{{course}}".',
      lessonMissing: 'Thiếu tên bài học.',
      sameLesson: 'Trùng bài học với dòng {{line}}.',
      lessonTooLong: 'Tên bài học tối đa 200 ký tự.',
      descriptionTooLong: 'Mô tả khóa học tối đa 2000 ký tự.',
      manyMatches: 'Có nhiều học viên cùng số điện thoại {{value}}: hãy thêm email để phân biệt.',
    },
    undoBlocked: {
      edited: '{{name}} đã được sửa sau lần nhập.',
      used: '{{name}} đã có tiến độ, bài viết hoặc tài khoản đăng nhập.',
      courseUsed: 'khóa học "{{name}}" đã được sửa, có thêm học viên hoặc có bài đăng.',
      lessonUsed: 'bài học "{{name}}" đã có tiến độ hoặc bài đăng.',
      undone: 'lần nhập đã được hoàn tác.',
      expired: 'đã quá {{days}} ngày kể từ lần nhập.',
      notImported: 'lần nhập chưa được thực hiện.',
    },
  },
} as const;
