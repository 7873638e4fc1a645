/**
 * The catalogue's part for the command line (`hoc-vien`): what the person who runs the server
 * reads in a shell. Kept out of `vi` so that no browser bundle carries it. Help is given in
 * Vietnamese, then in English, since a server's operator may read either.
 */
export const cli = {
  version: 'Học viện {{version}}',
  usage: `Cách dùng: hoc-vien <lệnh> [tuỳ chọn]   (Usage: hoc-vien <command> [options])

Lệnh (commands):
  --env-file TỆP <lệnh>       Đọc cấu hình từ tệp của dịch vụ trước (như systemd đọc)
                              Read the service's settings file first (as systemd reads it)
  --version                   Phiên bản đang chạy (the version running)
  serve                       Chạy máy chủ (bản phát hành: bằng Node đi kèm)
                              Run the server (a release: with the Node it carries)
  doctor                      Kiểm tra cấu hình, cơ sở dữ liệu, thư mục, thư và đĩa
                              Check the configuration, database, folders, mail and disk
  migrate [--status]          Nâng cấp cơ sở dữ liệu (--status: chỉ xem)
                              Upgrade the database (--status: only show where it stands)
  upgrade <tệp .tar.gz>       Cài phiên bản mới và chuyển sang nó; tự quay lại nếu nó không khoẻ
                              Install a new release and switch to it; rolls back if it is unwell
  upgrade [--no-backup]       Chỉ sao lưu rồi nâng cấp cơ sở dữ liệu (README, Nâng cấp)
                              Only back up, then upgrade the database (README, Upgrade)
  rollback                    Quay lại phiên bản trước lần nâng cấp cuối / Go back to the release before
  admin list                  Liệt kê quản trị viên / List the admins
  admin grant <email>         Cho email này quyền quản trị (khi không quản trị viên nào vào được)
                              Make this e-mail an admin (when no admin can sign in)
  users sign-out-all          Đăng xuất mọi người trên mọi thiết bị / Sign everyone out
  backup [--to DIR] [--keep N]
                              Sao lưu cơ sở dữ liệu và ảnh, giữ N bản mới nhất
                              Back up the database and photos, keeping the newest N
  restore [--replace] <tệp>   Khôi phục bản sao lưu (tắt ứng dụng trước)
                              Restore a backup (stop the app first)
  mail test <email>           Gửi thư thử / Send a test e-mail
  demo-data generate|wipe     Tạo hoặc xoá dữ liệu mẫu / Make or remove the demo academy
  media migrate --to s3|local Chép mọi ảnh sang kho ảnh kia, kiểm tra từng tệp
                              Copy every photo to the other store, verifying each file

Thêm --help sau một lệnh để xem chi tiết. (Add --help after a command for its details.)`,
  help: {
    doctor:
      'hoc-vien doctor\n  Kiểm tra cấu hình, cơ sở dữ liệu, khoá thông báo đẩy, thư mục dữ liệu và ảnh, dung lượng đĩa, máy chủ thư (SMTP). Mỗi vấn đề một dòng; mã thoát 1 khi có vấn đề.\n  Checks the configuration, database, push keys, data and photo folders, disk space and the mail server. One line per problem; exit code 1 when there is one.',
    migrate:
      'hoc-vien migrate [--status]\n  Đưa cơ sở dữ liệu lên phiên bản mới nhất (mỗi bước trong một giao dịch). --status chỉ liệt kê các bước đã chạy và còn chờ.\n  Brings the database to the latest version (each step in a transaction). --status only lists the steps applied and pending.',
    admin:
      'hoc-vien admin list\nhoc-vien admin grant <email>\n  grant: người có email này trở thành quản trị viên đang hoạt động và đăng nhập được bằng email đó (liên kết hoặc Google), kể cả khi tài khoản đăng nhập cũ đã bị xoá.\n  grant: the person with this e-mail becomes an active admin who can sign in with it (link or Google), even when their old sign-in account was deleted.',
    rollback:
      'hoc-vien rollback [--restore] [--current LIÊN_KẾT] [--service TÊN] [--health-url URL] [--wait GIÂY]\n  Quay lại phiên bản chạy trước lần hoc-vien upgrade <tệp> cuối: dừng dịch vụ, trỏ liên kết current về phiên bản cũ, rồi khởi động và kiểm tra sức khoẻ. Khi phiên bản mới đã nâng cấp cơ sở dữ liệu, cần --restore: khôi phục bản sao lưu trước nâng cấp (mất những gì ghi sau đó). Chạy bằng root.\n  Goes back to the release that ran before the last hoc-vien upgrade <file>: stops the service, points current at the old release, starts it and checks its health. When the new release upgraded the database, --restore is needed: it restores the backup taken before (what was written since is lost). Run as root.',
    upgrade:
      "hoc-vien upgrade <tệp .tar.gz> [--current LIÊN_KẾT] [--service TÊN] [--health-url URL] [--wait GIÂY]\n  Chạy bằng root trên máy chủ: kiểm tra tệp với .sha256 bên cạnh, giải nén bên cạnh phiên bản đang chạy (trong thư mục releases), trỏ liên kết current (mặc định /opt/hoc-vien/current) sang nó và khởi động lại dịch vụ systemd (mặc định hoc-vien; socket giữ các yêu cầu trong lúc đó). Phiên bản mới tự sao lưu trước khi nâng cấp cơ sở dữ liệu. Nếu nó không khoẻ liên tục trong 5 giây trước khi hết thời gian chờ (mặc định 300 giây), lệnh tự quay lại phiên bản cũ (xem rollback).\n  Run as root on the server: checks the file against the .sha256 beside it, unpacks it beside the running release, points current at it and restarts the systemd service (the socket holds requests meanwhile). The new release backs up before it upgrades the database. Unless it stays healthy for 5 s within the wait, the command rolls back by itself.\n\nhoc-vien upgrade [--no-backup]\n  Chạy từ thư mục của phiên bản mới, với cùng cài đặt như ứng dụng: sao lưu trước (SQLite: một bản .tar.gz vào BACKUP_DIR; PostgreSQL: pg_dump), rồi chạy từng bước nâng cấp cơ sở dữ liệu và in ra từng bước. Sau đó chuyển sang phiên bản mới và khởi động lại. --no-backup chỉ khi bạn vừa tự sao lưu.\n  Run from the new release's folder with the app's settings: backs up first (SQLite: a .tar.gz into BACKUP_DIR; PostgreSQL: pg_dump), then runs each database step and prints it. Then switch to the new release and restart. --no-backup only when you have just backed up yourself.",
    users:
      'hoc-vien users sign-out-all\n  Xoá mọi phiên đăng nhập: ai cũng phải đăng nhập lại.\n  Ends every session: everyone signs in again.',
    backup:
      "hoc-vien backup [--to DIR] [--keep N]\n  Ghi một bản sao lưu vào DIR (mặc định BACKUP_DIR hoặc <DATA_DIR>/backups) rồi chỉ giữ N bản mới nhất (mặc định BACKUP_KEEP hoặc 7): SQLite, một tệp .tar.gz có cả ảnh; PostgreSQL, một tệp .dump của pg_dump (ảnh ở kho ảnh, sao lưu riêng). DIR có thể là ổ đĩa của máy khác (mount) để bản sao lưu còn khi máy hỏng; với BACKUP_TO_BUCKET=true bản sao lưu được chép thêm lên bucket S3_… (giữ N bản ở đó).\n  Writes a backup into DIR (default BACKUP_DIR or <DATA_DIR>/backups), then keeps only the newest N (default BACKUP_KEEP or 7): on SQLite a .tar.gz with the photos; on PostgreSQL a pg_dump .dump (photos stay in their store, backed up on their own). DIR may be another machine's disk (mounted) so a backup outlives this one; with BACKUP_TO_BUCKET=true it is also copied into the S3_ bucket (N kept there).",
    restore:
      'hoc-vien restore <tệp .tar.gz | tệp .dump> | --from-bucket <tên | latest> [--replace]\n  SQLite: khôi phục bản sao lưu vào DATA_DIR. Tắt ứng dụng trước; dữ liệu cũ được giữ lại. PostgreSQL: khôi phục tệp .dump vào cơ sở dữ liệu mới, trống của DATABASE_URL (ví dụ trên máy mới); --replace thay dữ liệu đang có (tắt mọi máy chủ trước). --from-bucket tải bản sao lưu từ bucket (BACKUP_TO_BUCKET) về BACKUP_DIR trước.\n  SQLite: restores a backup into DATA_DIR (stop the app first; the old data is kept). PostgreSQL: restores a .dump into the new, empty database DATABASE_URL names (a new machine, say); --replace replaces what is there (every server stopped). --from-bucket fetches the backup from the bucket first.',
    'demo-data':
      'hoc-vien demo-data generate|wipe\n  generate: tạo một học viện mẫu (khóa học, giảng viên, học viên, bài đăng có ảnh) để thử ứng dụng. wipe: xoá đúng dữ liệu mẫu, dữ liệu thật giữ nguyên.\n  generate: makes a demo academy (courses, instructors, students, posts with photos) to try the app. wipe: removes the demo data only; real data stays.',
    media:
      'hoc-vien media migrate --to s3|local\n  Chép mọi ảnh từ kho ảnh hiện có sang kho kia (--to s3: từ <DATA_DIR>/media vào bucket S3_*; --to local: ngược lại), đọc lại từng tệp và so mã SHA-256. Chạy lại được: tệp đã có và đúng thì bỏ qua, nên một lần chạy bị ngắt sẽ tiếp tục. Ứng dụng vẫn chạy trong lúc chép; chép xong thì đổi MEDIA_STORE và khởi động lại, rồi chạy lại lệnh một lần nữa để chép những ảnh mới tải lên trong lúc đó.\n  Copies every photo from one store to the other (--to s3: from <DATA_DIR>/media into the S3_* bucket; --to local: the other way), reading each file back and comparing its SHA-256. Resumable: files already there and equal are skipped, so an interrupted run goes on. The app keeps running meanwhile; when done, switch MEDIA_STORE and restart, then run it once more for the photos uploaded meanwhile.',
    mail: 'hoc-vien mail test <email>\n  Gửi một thư thử qua SMTP_URL để kiểm tra cấu hình thư.\n  Sends a test e-mail through SMTP_URL to check the mail settings.',
  },
  dataDirBusy:
    'Thư mục dữ liệu {{dataDir}} đang được tiến trình {{pid}} dùng ({{role}}): hãy dừng nó trước, hoặc cho máy chủ này một DATA_DIR riêng. (The data folder is in use by process {{pid}}: stop it first, or give this server a DATA_DIR of its own.)',
  unknownCommand: 'Không có lệnh "{{command}}". Gõ hoc-vien --help để xem các lệnh.',
  missingArgument: 'Thiếu {{what}}. Gõ hoc-vien {{command}} --help để xem cách dùng.',
  badOption: 'Tuỳ chọn không hợp lệ: {{reason}}',
  restore: {
    noPgRestore:
      'Không tìm thấy pg_restore: cài gói postgresql-client (apt-get install postgresql-client) rồi chạy lại. (pg_restore is missing.)',
    notEmpty:
      'Cơ sở dữ liệu này đã có dữ liệu của một học viện: chỉ khôi phục vào một cơ sở dữ liệu mới, trống (DATABASE_URL). (This database already holds an academy: restore into a new, empty one.)',
    pgRestoreFailed: 'pg_restore không khôi phục được: {{reason}}',
    serversLive:
      'Máy chủ của học viện đang chạy trên cơ sở dữ liệu này: {{servers}}. Hãy dừng mọi máy chủ (trên mọi máy) rồi chạy lại. (Servers of the academy are live on this database: stop every one first.)',
    startRefused:
      'Đang khôi phục bản sao lưu vào cơ sở dữ liệu này ({{holders}}): máy chủ chưa khởi động, hãy chờ khôi phục xong. (A restore holds the database: the server does not start until it ends.)',
    lostToRestore:
      'Một lần khôi phục đã giữ cơ sở dữ liệu khi máy chủ mất kết nối tới nó: máy chủ dừng lại. (A restore took the database while this server was disconnected: stopping.)',
    missingFile: 'Không có tệp {{file}}.',
    pgRestored:
      'Đã khôi phục {{file}} vào cơ sở dữ liệu PostgreSQL. Ảnh không nằm trong bản sao lưu này: chúng ở {{photos}}. (Restored; photos are not in this backup.)',
    pgRestoredWithPhotos:
      'Đã khôi phục {{file}} vào cơ sở dữ liệu PostgreSQL và {{media}} ảnh vào {{photos}}. (Restored the database and its photos.)',
    photosNotInDump:
      'Ảnh không nằm trong bản sao lưu PostgreSQL: chúng ở {{photos}}; hãy sao lưu nơi đó riêng (thư mục, hoặc bật versioning cho bucket). (Photos are not in a PostgreSQL backup.)',
  },
  envFile: {
    unreadable:
      'Không đọc được tệp cấu hình {{file}}: {{reason}}. Hãy chạy lệnh bằng người dùng được đọc tệp này (README, Cài trên máy chủ). (Cannot read the settings file.)',
    badLine:
      'Dòng {{line}} của tệp cấu hình {{file}} không có dạng BIẾN=giá trị. (Line {{line}} of the settings file is not VARIABLE=value.)',
  },
  badEmail: 'Email không hợp lệ: {{email}}',
  badKeep: '--keep phải là một số nguyên từ 1 đến 1000.',
  badWait: '--wait phải là một số giây nguyên từ 1 đến 3600.',
  failed: 'Lỗi: {{reason}}',
  migrate: {
    applied: 'Đã chạy: {{name}}',
    pending: 'Đang chờ: {{name}}',
    upToDate: 'Cơ sở dữ liệu đã ở phiên bản mới nhất ({{count}} bước).',
    done: 'Đã nâng cấp cơ sở dữ liệu: {{names}}.',
  },
  admin: {
    student:
      '{{email}} là email của một học viên. Hãy dùng email của giảng viên hoặc một email mới.',
    none: 'Chưa có quản trị viên nào.',
    row: '{{email}}  {{name}}  ({{status}})',
    granted:
      '{{email}} là quản trị viên đang hoạt động. Hãy đăng nhập bằng email này (liên kết qua thư hoặc Google).',
    created: 'Đã tạo hồ sơ quản trị viên cho {{email}}. Hãy đăng nhập bằng email này để hoàn tất.',
  },
  media: {
    progress: 'Đã xem {{count}} tệp ảnh…',
    done: 'Đã chép {{copied}} tệp sang {{to}}; {{already}} tệp đã có sẵn và đúng.',
    failed: 'Tệp không chép được hoặc không khớp mã SHA-256: {{name}}',
    someFailed: '{{count}} tệp chưa chép được. Chạy lại lệnh để thử lại những tệp đó.',
  },
  demo: {
    generated: 'Đã tạo dữ liệu mẫu: {{people}} người, {{courses}} khóa học, {{posts}} bài đăng.',
    wiped: 'Đã xoá dữ liệu mẫu. Dữ liệu thật giữ nguyên.',
    noAdmin:
      'Học viện chưa có quản trị viên đang hoạt động: tạo một bằng hoc-vien admin grant <email> trước.',
  },
  users: {
    signedOut: 'Đã kết thúc {{count}} phiên đăng nhập. Mọi người cần đăng nhập lại.',
  },
  upgrade: {
    where:
      'Phiên bản {{version}}; cơ sở dữ liệu đã có {{applied}} bước, còn {{pending}} bước cần chạy.',
    nothing: 'Cơ sở dữ liệu đã sẵn sàng cho phiên bản này: không cần nâng cấp.',
    backedUp: 'Đã sao lưu trước khi nâng cấp: {{file}}',
    step: 'Bước {{name}}: xong ({{ms}} ms).',
    done: 'Đã nâng cấp xong. Bây giờ chuyển sang phiên bản mới và khởi động lại ứng dụng (README, mục Nâng cấp). Nếu cần quay lại: khôi phục bản sao lưu trên bằng phiên bản cũ.',
    noPgDump:
      'Không tìm thấy pg_dump để sao lưu PostgreSQL trước khi nâng cấp. Hãy cài gói postgresql-client, hoặc tự sao lưu bằng pg_dump rồi chạy lại với --no-backup.',
    pgDumpFailed: 'pg_dump không sao lưu được ({{reason}}). Chưa nâng cấp gì.',
  },
  release: {
    noSystemctl:
      'Không tìm thấy systemctl: lệnh này điều khiển dịch vụ systemd {{service}} (README, Cài trên máy chủ). Không thay đổi gì.',
    noCurrent:
      'Không tìm thấy liên kết {{current}} tới phiên bản đang chạy: chỉ rõ bằng --current (README, Cài trên máy chủ). Không thay đổi gì.',
    notArchive:
      '{{file}} không phải một bản phát hành (hoc-vien-<phiên bản>-linux-x64.tar.gz). Không thay đổi gì.',
    noChecksum:
      'Không có tệp {{file}}.sha256 bên cạnh bản phát hành: không cài một bản không kiểm tra được. Không thay đổi gì.',
    badChecksum:
      'SHA-256 của {{file}} không khớp với tệp .sha256 bên cạnh: tệp tải về bị hỏng hoặc bị thay. Không thay đổi gì.',
    checked: 'Đã kiểm tra {{file}} (SHA-256 khớp).',
    unpacked: 'Đã giải nén {{version}} vào {{dir}}, bên cạnh phiên bản đang chạy.',
    unpackFailed: 'Không giải nén được {{file}}: {{reason}}. Không thay đổi gì.',
    sameRelease: 'Máy chủ đã chạy {{dir}}: không có gì để nâng cấp.',
    notRunnable: 'Phiên bản mới không chạy được trên máy này: {{reason}}. Không thay đổi gì.',
    databaseProblem: 'Phiên bản mới không đọc được cơ sở dữ liệu: {{reason}}. Không thay đổi gì.',
    pending:
      'Cơ sở dữ liệu có {{count}} bước nâng cấp ({{names}}): phiên bản mới sao lưu trước khi chạy chúng.',
    switched: 'Đã trỏ {{current}} sang {{version}}; khởi động lại dịch vụ {{service}}…',
    waiting: 'Chờ {{url}} báo phiên bản {{version}} khoẻ (tối đa {{seconds}} giây)…',
    healthy:
      'Xong: {{version}} đang chạy và khoẻ. Phiên bản cũ vẫn ở {{old}}; để quay lại: hoc-vien rollback.',
    unhealthy: 'Phiên bản {{version}} không khoẻ: {{reason}}. Quay lại phiên bản cũ…',
    serviceFailed: 'systemctl {{action}} {{service}} không thành công: {{reason}}',
    restarted: 'máy chủ vừa khởi động lại',
    restartedTimes: 'máy chủ đã tự khởi động lại {{count}} lần trong lúc chờ',
    removedReleases:
      'Đã xoá các phiên bản cũ hơn (chỉ giữ phiên bản đang chạy và phiên bản trước đó): {{names}}',
    unitFailed: 'systemd đã dừng dịch vụ {{service}} vì nó hỏng liên tục',
    stillStarting: 'sau {{seconds}} giây vẫn chưa khoẻ (lần cuối: {{last}})',
    oldRuns:
      'Phiên bản cũ chạy được trên cơ sở dữ liệu đã nâng cấp (bước {{names}}): không cần khôi phục bản sao lưu, không mất gì đã ghi.',
    restoring: 'Cơ sở dữ liệu đã được nâng cấp: khôi phục bản sao lưu trước nâng cấp {{file}}…',
    noBackup:
      'Cơ sở dữ liệu đã được nâng cấp nhưng không tìm thấy bản sao lưu trước nâng cấp trong {{dataDir}}: không quay lại được. Phiên bản mới vẫn được giữ.',
    restoreFailed: 'Không khôi phục được bản sao lưu: {{reason}}',
    rolledBack:
      'Đã quay lại {{version}}: máy chủ đang chạy và khoẻ. Xem nhật ký của phiên bản mới: journalctl -u {{service}}.',
    rollbackFailed:
      'Không quay lại được: {{reason}}. Xem journalctl -u {{service}}; bản sao lưu trước nâng cấp: {{file}}.',
    nothingToRollBack:
      'Không có lần nâng cấp nào để quay lại: {{dir}} không ghi lần hoc-vien upgrade <tệp> nào tới phiên bản đang chạy.',
    restoreNeeded:
      'Phiên bản mới đã nâng cấp cơ sở dữ liệu ({{names}}), nên quay lại phải khôi phục bản sao lưu {{file}} (lúc {{at}}): mọi thứ ghi sau lúc đó sẽ mất. Nếu chắc chắn, chạy lại với --restore. Không thay đổi gì.',
  },
  backup: {
    written: 'Đã sao lưu vào {{file}} ({{size}}).',
    copied: 'Đã chép lên {{where}}; ở đó giữ {{keep}} bản mới nhất.',
    notInBucket:
      'Bucket không có bản sao lưu {{name}}. Các bản có: {{names}}. (Dùng latest cho bản mới nhất.)',
    noBucket:
      'Chưa đặt bucket cho bản sao lưu: cần BACKUP_TO_BUCKET=true và S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (README, Sao lưu).',
    fetched: 'Đã tải {{name}} từ bucket về {{file}}.',
    pruned: 'Đã xoá {{count}} bản sao lưu cũ, giữ {{keep}} bản mới nhất.',
    postgres:
      'Lệnh backup chỉ dành cho SQLite. Với PostgreSQL hãy dùng pg_dump theo lịch của máy chủ cơ sở dữ liệu.',
  },
  mail: {
    subject: 'Học viện: thư thử',
    text: 'Đây là thư thử từ Học viện. Nếu bạn nhận được thư này, cấu hình gửi thư đã đúng.',
    sent: 'Đã gửi thư thử tới {{email}}.',
    notConfigured:
      'Chưa cấu hình SMTP_URL: thư chỉ được in ra nhật ký máy chủ. Đặt SMTP_URL (ví dụ smtp://user:pass@mail.example.vn:587) rồi thử lại.',
  },
  doctor: {
    ok: 'Mọi thứ ổn: {{checks}}.',
    problems: 'Có {{count}} vấn đề.',
    config: 'Cấu hình: {{reason}}',
    database: 'Cơ sở dữ liệu không mở được: {{reason}}',
    newer:
      'Cơ sở dữ liệu mới hơn phiên bản này (có bước {{names}} mà phiên bản này không biết). Hãy chạy phiên bản Học viện mới hơn.',
    newerButRuns:
      'Một phiên bản mới hơn đã nâng cấp cơ sở dữ liệu (bước {{names}}) theo cách phiên bản này vẫn chạy được: không cần làm gì. Chạy các máy chủ còn lại bằng phiên bản mới khi tiện.',
    pending:
      'Cơ sở dữ liệu còn {{count}} bước nâng cấp chưa chạy ({{names}}): chạy hoc-vien upgrade (hoặc khởi động ứng dụng).',
    fresh:
      'Cơ sở dữ liệu còn trống: {{count}} bước ({{names}}) sẽ tạo nó khi ứng dụng khởi động lần đầu.',
    noDataDir:
      'Thư mục dữ liệu {{dir}} không tồn tại. Kiểm tra DATA_DIR (đường dẫn đúng chưa?), hoặc tạo thư mục đó cho người dùng chạy ứng dụng.',
    unwritable: 'Không ghi được vào thư mục {{dir}}: {{reason}}',
    disk: 'Ổ đĩa chứa {{dir}} chỉ còn {{free}} trống.',
    mail: 'Máy chủ thư (SMTP_URL): {{reason}}',
    mediaStore:
      'Kho ảnh (MEDIA_STORE=s3) không ghi, đọc hoặc xoá được: {{reason}}. Kiểm tra S3_ENDPOINT, S3_BUCKET và khoá truy cập.',
    smtp: {
      tlsOnPlainPort:
        'SMTP_URL dùng smtps:// (mã hoá ngay từ đầu) nhưng máy chủ ở cổng {{port}} không nói TLS. Dùng smtp://…:587 (STARTTLS) hoặc smtps://…:465.',
      refused:
        'không có máy chủ thư nào nhận kết nối ở {{host}}:{{port}} (sai cổng, hoặc máy chủ thư chưa chạy).',
      notFound: 'không tìm thấy máy {{host}} (tên máy trong SMTP_URL có đúng không?).',
      timeout:
        'máy chủ thư ở {{host}}:{{port}} không trả lời trong 5 giây (tường lửa, hoặc sai cổng).',
      auth: 'máy chủ thư từ chối tên đăng nhập hoặc mật khẩu trong SMTP_URL.',
      certificate: 'chứng chỉ TLS của máy chủ thư không hợp lệ với {{host}} ({{reason}}).',
      other: 'không gửi được thư: {{reason}}',
    },
    push: 'Khoá gửi thông báo đẩy (VAPID) trong cơ sở dữ liệu bị hỏng: {{reason}}',
    noMail: 'Chưa cấu hình SMTP_URL: thư đăng nhập chỉ được in ra nhật ký máy chủ.',
    checked: {
      config: 'cấu hình',
      database: 'cơ sở dữ liệu',
      push: 'khoá thông báo đẩy',
      folders: 'thư mục',
      disk: 'đĩa',
      mail: 'thư',
      mediaStore: 'kho ảnh',
    },
  },
} as const;
