import type { Page } from '@playwright/test';
import { expect, PHONE_SIZES, screenshot, test } from './fixtures.ts';
import {
  activeInstructor,
  leavePendingNotice,
  onboard,
  setSwitch,
  signInByLink,
} from './support/accounts.ts';
import { activatePerson } from './support/fixtures-api.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { shownWhole } from './support/whole.ts';

/*
 * Every screen on the smallest common Android phone (360×740) and on the phone most people hold
 * (390×844), as the admin, an instructor, a student and a guest, with the names academies really
 * have: long Vietnamese names with an emoji, long course names, a student in several courses. The
 * layout guard (e2e/fixtures.ts) fails the journey when any screen is wider than the phone, the
 * bottom bar leaves the screen or a dialog's button does. Screenshots of each screen go to
 * .test-artifacts/screenshots/small-<width>-<role>-<screen>-phone.png.
 */

const LONG_COURSE = 'Kỹ thuật vẽ móng nghệ thuật hoa văn cổ điển Nhật Bản và Hàn Quốc nâng cao';
const LONG_COURSE_2 = 'Chăm sóc móng tay móng chân chuyên nghiệp cho tiệm spa cao cấp';

async function visit(page: Page, path: string, name: string) {
  await page.goto(`/#${path}`);
  // The screen's code, lists and images settle before it is judged and photographed. The live
  // event stream stays open, so the network may never fall idle: a few seconds are enough.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('main')).not.toBeEmpty();
  await page.waitForTimeout(400);
  await screenshot(page, `small-${name}`);
}

for (const viewport of PHONE_SIZES) {
  const phone = { viewport, isMobile: true, hasTouch: true };
  const size = `${viewport.width}`;
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use(phone);
    test(`every screen fits a ${size} px phone, as admin, instructor, student and guest, with long names @config`, async ({
      page,
      newVisitor,
    }) => {
      test.setTimeout(300_000);
      const tag = Date.now().toString(36);
      const studentName = `Nguyễn Thị Phương Thảo Quỳnh Anh 💅 ${tag}`;
      const courses = [];
      for (const name of [`${LONG_COURSE} ${tag}`, `${LONG_COURSE_2} ${tag}`]) {
        const created = await page.request.post('/api/courses', {
          data: {
            name,
            description: `${name}. Học viên luyện tập trên mẫu móng thật, mỗi buổi ba tiếng. 🌸`,
            lessons: [
              { title: 'Chuẩn bị dụng cụ và vệ sinh móng đúng quy trình an toàn' },
              { title: 'Vẽ nét cơ bản' },
            ],
          },
        });
        expect(created.status()).toBe(201);
        courses.push(await created.json());
      }
      const student = await page.request.post('/api/students', {
        data: {
          name: studentName,
          phone: '+84 903 111 222',
          address: '123/45/6 Đường Nguyễn Đình Chiểu, Phường Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',
          courseIds: courses.map((course) => course.id),
        },
      });
      expect(student.status()).toBe(201);
      const studentId = (await student.json()).id as string;
      const post = await page.request.post('/api/posts', {
        data: {
          kind: 'evaluation',
          studentId,
          courseId: courses[0].id,
          lessonId: courses[0].lessons[0].id,
          rating: 9,
          text: `Đường viền sắc nét, màu loang tự nhiên. ${'Rất tiến bộ! '.repeat(30)}🌸💅`,
        },
      });
      expect(post.status()).toBe(201);
      const postId = (await post.json()).id as string;
      // An instructor whose name has a long word with no place to break (a nickname, a pasted link).
      const longWord = `NguyễnThịBảoNgọcTrâmAnh${'Xinh'.repeat(12)}${tag}`;
      const instructor = await activeInstructor(() => newVisitor(phone), longWord);
      const instructorId = (
        (await (await instructor.request.get('/api/me')).json()) as {
          person: { id: string };
        }
      ).person.id;
      // Who teaches a course with a long unbroken name: the instructors list's course line.
      const taught = await page.request.post('/api/courses', {
        data: {
          name: `${'Sơnthạchnghệthuật'.repeat(5)}${tag}`,
          lessons: [{ title: 'Một' }],
          instructorIds: [instructorId],
        },
      });
      expect(taught.status()).toBe(201);

      // The screens every member of staff has.
      const staffScreens = [
        ['/activity', 'activity'],
        ['/courses', 'courses'],
        [`/courses/${courses[0].id}`, 'course'],
        ['/students', 'students'],
        [`/students/${studentId}`, 'student'],
        ['/instructors', 'instructors'],
        ['/notifications', 'notifications'],
        ['/profile', 'profile'],
        [`/posts/${postId}`, 'post'],
      ] as const;

      // An instructor who is not an admin, on every screen they have.
      for (const [path, name] of [
        ...staffScreens,
        [`/instructors/${instructorId}`, 'instructor'],
      ] as const) {
        await visit(instructor, path, `${size}-instructor-${name}`);
      }
      // A name with no place to break wraps inside its value, never squeezing the labels beside it
      // into a column of single letters.
      await instructor.goto('/#/profile');
      const labels = instructor.locator('main dt');
      await expect(labels.first()).toBeVisible();
      for (const label of await labels.all()) {
        expect((await label.boundingBox())!.height).toBeLessThan(40);
      }
      await instructor.close();

      // The admin, on every screen.
      for (const [path, name] of [
        ...staffScreens,
        ['/user-management', 'user-management'],
        ['/admin-tools', 'admin-tools'],
        ['/student-import', 'student-import'],
        ['/dashboard', 'dashboard'],
      ] as const) {
        await visit(page, path, `${size}-admin-${name}`);
      }
      // In the feed a card names the course and the lesson, and a long text opens with "Xem thêm".
      await page.goto('/#/activity');
      const card = page.getByRole('article').filter({ hasText: studentName }).first();
      await expect(card).toContainText(`${LONG_COURSE} ${tag} · Chuẩn bị dụng cụ`);
      // Whole, to the last word of the lesson: never "Bài 1: Né…".
      const where = card.getByText(
        `${LONG_COURSE} ${tag} · Chuẩn bị dụng cụ và vệ sinh móng đúng quy trình an toàn`,
        { exact: true },
      );
      expect(await shownWhole(where)).toBe(true);
      await card.getByRole('button', { name: 'Xem thêm' }).click();
      await expect(card.getByRole('button', { name: 'Thu gọn' })).toBeVisible();
      // What an admin decides an account by is never cut: the name, the address, the phone.
      await page.goto('/#/user-management');
      await page.getByRole('tab', { name: 'Tất cả' }).click();
      await page.getByRole('searchbox').fill(tag);
      const account = page.getByRole('heading', { name: longWord });
      await expect(account).toBeVisible();
      expect(await shownWhole(account)).toBe(true);
      // A course page puts its tabs on the first screen, the long description folded.
      await page.goto(`/#/courses/${courses[0].id}`);
      await expect(page.getByRole('tab', { name: 'Hoạt động' })).toBeInViewport();
      await expect(page.locator('header').getByRole('button', { name: 'Xem thêm' })).toBeVisible();

      // The sheets opened from the students screen keep their buttons on screen.
      // Found by search: by name she may sort past the first page of a busy academy.
      await page.goto('/#/students');
      await page.getByRole('searchbox', { name: 'Tìm học viên…' }).fill(tag);
      await page.getByRole('button', { name: `Thao tác với ${studentName}` }).click();
      await page.getByRole('menuitem', { name: 'Đánh giá' }).click();
      const review = page.getByRole('dialog', { name: 'Đăng bài' });
      await expect(review.getByRole('button', { name: 'Đăng bài' })).toBeInViewport();
      await expect(review.getByRole('button', { name: 'Đóng' })).toBeInViewport();
      await screenshot(page, `small-${size}-admin-review`);
      await review.getByRole('button', { name: 'Hủy' }).click();

      // A student of the academy.
      await setSwitch(page, 'Cho phép học viên đăng nhập', true);
      const email = uniqueEmail('small');
      const learner = await newVisitor(phone);
      await signInByLink(learner, email);
      await onboard(learner, 'Học viên', `Trần Lê Hoàng Bảo Ngọc Châu 🌷 ${tag}`);
      await leavePendingNotice(learner);
      await activatePerson(email);
      await signInByLink(learner, email);
      await expect(learner).toHaveURL(/#\/activity$/);
      for (const [path, name] of [
        ['/activity', 'activity'],
        ['/courses', 'courses'],
        [`/courses/${courses[0].id}`, 'course'],
        ['/notifications', 'notifications'],
        ['/profile', 'profile'],
        [`/posts/${postId}`, 'post'],
      ] as const) {
        await visit(learner, path, `${size}-student-${name}`);
      }

      // A guest.
      await setSwitch(page, 'Chế độ khách', true);
      try {
        const guest = await newVisitor(phone);
        await guest.goto('/#/guest');
        await expect(guest).toHaveURL(/#\/activity$/);
        for (const [path, name] of [
          ['/activity', 'activity'],
          ['/courses', 'courses'],
          [`/courses/${courses[0].id}`, 'course'],
          ['/students', 'students'],
          [`/students/${studentId}`, 'student'],
          [`/posts/${postId}`, 'post'],
        ] as const) {
          await visit(guest, path, `${size}-guest-${name}`);
        }
        // What a guest cannot do is said, with the way to sign in: no endless skeleton, no dead ♥.
        for (const path of ['/notifications', '/profile']) {
          await guest.goto(`/#${path}`);
          await expect(guest.getByTestId('guest-sign-in')).toBeVisible();
          await expect(guest.getByTestId('guest-sign-in').getByRole('link')).toHaveAttribute(
            'href',
            '#/login',
          );
        }
        await screenshot(guest, `small-${size}-guest-profile`);
        await guest.goto(`/#/posts/${postId}`);
        // Where a member's comment box is, a guest is shown how to join in.
        await expect(guest.getByRole('link', { name: 'Đăng nhập để bình luận' })).toHaveAttribute(
          'href',
          '#/login',
        );
        await guest.getByRole('button', { name: /^Thích/ }).click();
        await expect(
          guest.getByTestId('toast').filter({ hasText: 'Hãy đăng nhập để thích bài viết.' }),
        ).toBeVisible();
      } finally {
        await setSwitch(page, 'Chế độ khách', false);
      }
    });
  });
}
