import { defineStrings } from '../../shared/i18n/strings.ts';

/**
 * The backstage (spec §4, §6): presenters who go invisible, the host moving presenters to the
 * backstage and back (features/room/features/backstage). Refusals come from the server's keys.
 */
export const strings = defineStrings({
  en: {
    backstage: {
      invisible: 'Invisible',
      goInvisible: 'Go invisible (move to the backstage)',
      goVisible: 'Come back to the stage',
      youAreInvisible: 'You are invisible',
      badge: 'Backstage',
      menu: 'Backstage',
      moveAll: 'Move all presenters to the backstage',
      moveAllHint: 'The presenter pinned for everyone stays on the stage',
      bringAll: 'Bring everyone back to the stage',
      move: 'Move to the backstage',
      bringBack: 'Bring back to the stage',
    },
    roster: {
      audience: 'Audience ({{count}})',
      search: 'Search the audience',
      audienceList: 'Audience',
      noMatch: 'Nobody by that name',
      page: {
        first: 'First page',
        previous: 'Previous page',
        next: 'Next page',
        last: 'Last page',
        number: 'Page {{n}}',
      },
    },
  },
  vi: {
    backstage: {
      invisible: 'Ẩn mình',
      goInvisible: 'Ẩn mình (vào hậu trường)',
      goVisible: 'Trở lại sân khấu',
      youAreInvisible: 'Bạn đang ẩn',
      badge: 'Hậu trường',
      menu: 'Hậu trường',
      moveAll: 'Chuyển tất cả người trình bày vào hậu trường',
      moveAllHint: 'Người trình bày được ghim cho mọi người vẫn ở trên sân khấu',
      bringAll: 'Đưa mọi người trở lại sân khấu',
      move: 'Chuyển vào hậu trường',
      bringBack: 'Đưa trở lại sân khấu',
    },
    roster: {
      audience: 'Khán giả ({{count}})',
      search: 'Tìm trong khán giả',
      audienceList: 'Khán giả',
      noMatch: 'Không có ai tên như vậy',
      page: {
        first: 'Trang đầu',
        previous: 'Trang trước',
        next: 'Trang sau',
        last: 'Trang cuối',
        number: 'Trang {{n}}',
      },
    },
  },
});
