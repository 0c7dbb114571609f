import { sql } from 'drizzle-orm';
import { CONTENT_IMAGE_PATH } from '@portal/shared/contracts/content.contract';
import type { NewsScope, NewsStatus } from '@portal/shared/contracts/news.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { slugify } from '@portal/shared/rules/news-alias';
import { sanitizeRichText } from '../../core/content';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import type { FileStore } from '../../core/uploads';
import { enqueuePublication } from '../../modules/news/news.job';
import type { Rgb } from './demo-images';
import { coverPng } from './news-images';

interface DemoArticle {
  scope: NewsScope;
  title: string;
  summary: string;
  /** Paragraphs and lists of the body (HTML of the allow-list). */
  body: string;
  categories: string[];
  tags: string[];
  status: NewsStatus;
  /** Hours from now of the publication (negative: in the past). */
  at?: number;
  colours: [Rgb, Rgb];
  /** An earlier alias the article had (it still leads to it). */
  oldAlias?: string;
  seoDescription?: string;
}

const BLUE: [Rgb, Rgb] = [
  [0, 102, 178],
  [0, 168, 150],
];
const GREEN: [Rgb, Rgb] = [
  [34, 139, 84],
  [140, 198, 63],
];
const ORANGE: [Rgb, Rgb] = [
  [230, 110, 40],
  [245, 180, 60],
];
const PURPLE: [Rgb, Rgb] = [
  [98, 66, 170],
  [214, 93, 177],
];
const RED: [Rgb, Rgb] = [
  [196, 40, 56],
  [240, 120, 90],
];

const MAIN_CATEGORIES = ['Tin bệnh viện', 'Sức khoẻ cộng đồng', 'Hướng dẫn khám chữa bệnh', 'Tuyển dụng'];
const SHP_CATEGORIES = ['Tin phòng khám', 'Cẩm nang sức khoẻ'];

const ARTICLES: DemoArticle[] = [
  {
    scope: 'MAIN',
    title: 'Khám sức khoẻ định kỳ 2026: đặt lịch trước trên ứng dụng',
    summary: 'Từ tháng 1/2026, bệnh viện nhận đặt lịch khám sức khoẻ định kỳ cho cá nhân và doanh nghiệp qua ứng dụng, không phải xếp hàng lấy số.',
    body: `<p>Bệnh viện Đa khoa An Phúc triển khai <strong>đặt lịch khám sức khoẻ định kỳ</strong> trên ứng dụng cho cá nhân và doanh nghiệp từ ngày 05/01/2026.</p>
<h2>Gói khám gồm những gì?</h2>
<ul><li>Khám nội tổng quát, đo huyết áp, chỉ số BMI</li><li>Xét nghiệm công thức máu, đường huyết, mỡ máu, chức năng gan thận</li><li>Chụp X-quang tim phổi, siêu âm ổ bụng, điện tim</li></ul>
<h2>Lưu ý trước khi khám</h2>
<p>Nhịn ăn sáng trước khi lấy máu xét nghiệm, mang theo căn cước công dân và thẻ bảo hiểm y tế (nếu có). Kết quả trả trên ứng dụng trong ngày.</p>`,
    categories: ['Tin bệnh viện', 'Hướng dẫn khám chữa bệnh'],
    tags: ['khám sức khoẻ', 'đặt lịch'],
    status: 'PUBLISHED',
    at: -24 * 20,
    colours: BLUE,
    oldAlias: 'kham-suc-khoe-dinh-ky-2026',
    seoDescription: 'Đặt lịch khám sức khoẻ định kỳ 2026 tại Bệnh viện Đa khoa An Phúc qua ứng dụng, kết quả trong ngày.',
  },
  {
    scope: 'MAIN',
    title: 'Phòng chống sốt xuất huyết trong mùa mưa',
    summary: 'Số ca sốt xuất huyết tăng vào mùa mưa. Bác sĩ khoa Truyền nhiễm hướng dẫn cách nhận biết dấu hiệu nặng và phòng bệnh tại nhà.',
    body: `<p>Sốt xuất huyết Dengue lây qua muỗi vằn, thường bùng phát từ tháng 6 đến tháng 11. Người bệnh sốt cao đột ngột, đau đầu, đau hốc mắt, đau cơ khớp.</p>
<h2>Dấu hiệu cần đến viện ngay</h2>
<ul><li>Đau bụng vùng gan, nôn nhiều</li><li>Chảy máu chân răng, chảy máu cam, đi ngoài phân đen</li><li>Li bì, vật vã, tay chân lạnh</li></ul>
<p><strong>Không tự ý truyền dịch hay dùng aspirin.</strong> Hạ sốt bằng paracetamol đúng liều và uống nhiều nước.</p>
<h2>Phòng bệnh</h2>
<p>Đậy kín dụng cụ chứa nước, thả cá diệt bọ gậy, ngủ màn kể cả ban ngày và phát quang bụi rậm quanh nhà.</p>`,
    categories: ['Sức khoẻ cộng đồng'],
    tags: ['sốt xuất huyết', 'mùa mưa', 'truyền nhiễm'],
    status: 'PUBLISHED',
    at: -24 * 14,
    colours: RED,
  },
  {
    scope: 'MAIN',
    title: 'Hướng dẫn thủ tục khám bảo hiểm y tế đúng tuyến',
    summary: 'Người bệnh có thẻ bảo hiểm y tế cần mang những giấy tờ gì, làm thủ tục ở đâu và khi nào cần giấy chuyển tuyến.',
    body: `<p>Để được hưởng đầy đủ quyền lợi bảo hiểm y tế, người bệnh xuất trình <strong>căn cước công dân gắn chip</strong> hoặc ứng dụng VNeID tại quầy tiếp đón số 1–6, tầng 1 nhà A.</p>
<ol><li>Lấy số thứ tự hoặc đặt lịch trước trên ứng dụng</li><li>Xuất trình giấy tờ và giấy chuyển tuyến (nếu khám trái tuyến có chuyển tuyến)</li><li>Nhận phiếu khám và đến phòng khám theo hướng dẫn</li></ol>
<p>Trường hợp cấp cứu không cần giấy chuyển tuyến. Mọi thắc mắc xin gọi tổng đài 1900 6868.</p>`,
    categories: ['Hướng dẫn khám chữa bệnh'],
    tags: ['bảo hiểm y tế', 'thủ tục'],
    status: 'PUBLISHED',
    at: -24 * 10,
    colours: GREEN,
  },
  {
    scope: 'MAIN',
    title: 'Ngày hội hiến máu nhân đạo “Giọt hồng An Phúc” lần thứ 12',
    summary: 'Sáng Chủ nhật 14/12, bệnh viện tổ chức ngày hội hiến máu tại sảnh nhà B. Mỗi người hiến máu được khám và xét nghiệm miễn phí.',
    body: `<p>Hưởng ứng phong trào hiến máu tình nguyện, Bệnh viện Đa khoa An Phúc tổ chức ngày hội <strong>“Giọt hồng An Phúc”</strong> lần thứ 12 từ 7 giờ 30 đến 11 giờ 30 sáng Chủ nhật.</p>
<p>Người hiến máu cần từ 18 đến 60 tuổi, cân nặng từ 45 kg (nữ) hoặc 50 kg (nam), không mắc bệnh lây qua đường máu và ăn nhẹ trước khi hiến.</p>
<p>Mỗi người hiến máu nhận giấy chứng nhận, quà tặng và được xét nghiệm nhóm máu, viêm gan B, viêm gan C miễn phí.</p>`,
    categories: ['Tin bệnh viện', 'Sức khoẻ cộng đồng'],
    tags: ['hiến máu', 'sự kiện'],
    status: 'PUBLISHED',
    at: -24 * 6,
    colours: RED,
  },
  {
    scope: 'MAIN',
    title: 'Khoa Sản ra mắt lớp tiền sản miễn phí mỗi thứ Bảy',
    summary: 'Lớp học dành cho mẹ bầu từ tuần thai thứ 20: dinh dưỡng, dấu hiệu chuyển dạ, chăm sóc trẻ sơ sinh và nuôi con bằng sữa mẹ.',
    body: `<p>Khoa Sản mở <strong>lớp tiền sản miễn phí</strong> vào 8 giờ sáng thứ Bảy hằng tuần tại hội trường tầng 3 nhà C, do bác sĩ và nữ hộ sinh giàu kinh nghiệm hướng dẫn.</p>
<h3>Nội dung các buổi</h3>
<ul><li>Dinh dưỡng và vận động trong thai kỳ</li><li>Nhận biết dấu hiệu chuyển dạ, khi nào cần nhập viện</li><li>Tắm bé, chăm sóc rốn, nuôi con bằng sữa mẹ</li></ul>
<p>Đăng ký trên ứng dụng, mục Đặt khám, chọn chuyên khoa Sản.</p>`,
    categories: ['Tin bệnh viện'],
    tags: ['thai sản', 'lớp học'],
    status: 'PUBLISHED',
    at: -24 * 3,
    colours: PURPLE,
  },
  {
    scope: 'MAIN',
    title: 'Tăng huyết áp: “kẻ giết người thầm lặng” và cách kiểm soát',
    summary: 'Cứ 4 người trưởng thành thì có 1 người tăng huyết áp, nhiều người không biết mình mắc bệnh. Đo huyết áp tại nhà đúng cách thế nào?',
    body: `<p>Tăng huyết áp thường không có triệu chứng cho đến khi gây biến chứng đột quỵ, nhồi máu cơ tim hay suy thận.</p>
<h2>Đo huyết áp tại nhà đúng cách</h2>
<ul><li>Nghỉ ngơi 5 phút, không hút thuốc, không uống cà phê 30 phút trước khi đo</li><li>Ngồi tựa lưng, tay đặt ngang tim, đo 2 lần cách nhau 1 phút</li><li>Ghi lại kết quả sáng và tối để bác sĩ theo dõi</li></ul>
<p>Huyết áp từ <strong>135/85 mmHg</strong> trở lên khi đo tại nhà cần đi khám chuyên khoa Tim mạch.</p>`,
    categories: ['Sức khoẻ cộng đồng'],
    tags: ['tim mạch', 'huyết áp'],
    status: 'PUBLISHED',
    at: -30,
    colours: BLUE,
  },
  {
    scope: 'MAIN',
    title: 'Tuyển dụng điều dưỡng và kỹ thuật viên xét nghiệm năm 2026',
    summary: 'Bệnh viện tuyển 20 điều dưỡng và 5 kỹ thuật viên xét nghiệm, làm việc toàn thời gian, nhận hồ sơ đến hết 31/01/2026.',
    body: `<p>Bệnh viện Đa khoa An Phúc thông báo tuyển dụng:</p>
<ul><li>20 điều dưỡng trình độ cao đẳng trở lên, có chứng chỉ hành nghề</li><li>5 kỹ thuật viên xét nghiệm trình độ đại học</li></ul>
<p>Hồ sơ gửi về Phòng Tổ chức cán bộ, tầng 2 nhà A, hoặc thư điện tử <a href="mailto:tuyendung@anphuc.vn">tuyendung@anphuc.vn</a>.</p>`,
    categories: ['Tuyển dụng'],
    tags: ['tuyển dụng'],
    status: 'HIDDEN',
    at: -24 * 40,
    colours: GREEN,
  },
  {
    scope: 'MAIN',
    title: 'Lịch nghỉ Tết Nguyên đán Bính Ngọ 2026 và lịch trực cấp cứu',
    summary: 'Phòng khám ngoại trú nghỉ từ 28 tháng Chạp đến hết mùng 5 Tết; khoa Cấp cứu và các khoa điều trị nội trú trực 24/24.',
    body: `<p>Bệnh viện thông báo lịch nghỉ Tết Nguyên đán Bính Ngọ 2026:</p>
<ul><li>Khám ngoại trú nghỉ từ thứ Hai 16/02/2026 đến hết thứ Hai 23/02/2026</li><li>Khoa Cấp cứu, Sản, Nhi và các khoa nội trú làm việc 24/24</li><li>Khám ngoại trú trở lại từ 7 giờ sáng thứ Ba 24/02/2026</li></ul>
<p>Người bệnh cần cấp cứu gọi <strong>115</strong> hoặc đường dây nóng của bệnh viện.</p>`,
    categories: ['Tin bệnh viện'],
    tags: ['lịch nghỉ', 'Tết'],
    status: 'SCHEDULED',
    at: 24 * 2 + 3,
    colours: ORANGE,
  },
  {
    scope: 'MAIN',
    title: 'Tiêm vắc xin cúm mùa cho người cao tuổi: ai nên tiêm?',
    summary: 'Người từ 65 tuổi, người có bệnh mạn tính và phụ nữ mang thai nên tiêm vắc xin cúm hằng năm trước mùa dịch.',
    body: `<p>Cúm mùa có thể gây viêm phổi nặng ở người cao tuổi. Vắc xin cúm 4 chủng được khuyến cáo tiêm <strong>mỗi năm một lần</strong>.</p>
<p>Đối tượng ưu tiên: người từ 65 tuổi, người mắc đái tháo đường, bệnh tim, bệnh phổi mạn tính, phụ nữ mang thai.</p>`,
    categories: ['Sức khoẻ cộng đồng'],
    tags: ['vắc xin', 'cúm', 'người cao tuổi'],
    status: 'DRAFT',
    colours: GREEN,
  },
  {
    scope: 'MAIN',
    title: 'Bệnh viện đưa vào sử dụng hệ thống chụp cộng hưởng từ 3 Tesla',
    summary: 'Máy MRI 3 Tesla giúp chẩn đoán sớm các bệnh lý thần kinh, cơ xương khớp và ung bướu với thời gian chụp rút ngắn một nửa.',
    body: `<p>Từ tháng này, khoa Chẩn đoán hình ảnh đưa vào sử dụng hệ thống <strong>cộng hưởng từ 3 Tesla</strong>, thời gian chụp trung bình 15–20 phút.</p>
<p>Người bệnh có máy tạo nhịp, vật kim loại trong người cần báo trước cho bác sĩ.</p>`,
    categories: ['Tin bệnh viện'],
    tags: ['chẩn đoán hình ảnh', 'MRI'],
    status: 'DRAFT',
    colours: PURPLE,
  },
  {
    scope: 'MAIN',
    title: 'Chăm sóc trẻ bị tay chân miệng tại nhà',
    summary: 'Phần lớn trẻ mắc tay chân miệng có thể chăm sóc tại nhà. Cha mẹ cần theo dõi những dấu hiệu nào để đưa trẻ đi viện kịp thời?',
    body: `<p>Bệnh tay chân miệng thường gặp ở trẻ dưới 5 tuổi, biểu hiện sốt, loét miệng, nổi bóng nước ở lòng bàn tay, bàn chân.</p>
<h2>Đưa trẻ đến viện ngay khi</h2>
<ul><li>Sốt cao trên 39 độ không hạ</li><li>Giật mình chới với, quấy khóc liên tục</li><li>Đi loạng choạng, run tay chân, thở nhanh</li></ul>`,
    categories: ['Sức khoẻ cộng đồng'],
    tags: ['nhi khoa', 'tay chân miệng'],
    status: 'PUBLISHED',
    at: -24 * 25,
    colours: ORANGE,
  },
  {
    scope: 'MAIN',
    title: 'Đặt lịch khám qua ứng dụng: 5 bước đơn giản',
    summary: 'Chọn chuyên khoa, bác sĩ, ngày giờ và thanh toán trước: đến viện đúng giờ là được khám, không phải chờ lấy số.',
    body: `<ol><li>Mở ứng dụng, chọn <strong>Đặt khám</strong></li><li>Chọn hồ sơ người bệnh</li><li>Chọn chuyên khoa, bác sĩ, ngày và khung giờ</li><li>Xác nhận thông tin và thanh toán (nếu có)</li><li>Đến quầy tiếp đón trước giờ hẹn 15 phút</li></ol>`,
    categories: ['Hướng dẫn khám chữa bệnh'],
    tags: ['đặt lịch', 'ứng dụng'],
    status: 'PUBLISHED',
    at: -24 * 45,
    colours: BLUE,
  },
  // the private clinic's own news
  {
    scope: 'SHP',
    title: 'Phòng khám tư An Phúc mở cửa cả Chủ nhật',
    summary: 'Từ tháng 12, phòng khám tư làm việc cả sáng Chủ nhật với các chuyên khoa Nội, Nhi, Da liễu và Tai Mũi Họng.',
    body: `<p>Để thuận tiện cho người bệnh bận rộn trong tuần, <strong>Phòng khám tư An Phúc</strong> làm việc thêm sáng Chủ nhật từ 7 giờ đến 11 giờ 30.</p>
<p>Các chuyên khoa: Nội tổng quát, Nhi, Da liễu, Tai Mũi Họng. Đặt lịch trên ứng dụng, mục Phòng khám tư.</p>`,
    categories: ['Tin phòng khám'],
    tags: ['lịch làm việc'],
    status: 'PUBLISHED',
    at: -24 * 8,
    colours: GREEN,
  },
  {
    scope: 'SHP',
    title: 'Nhắc uống thuốc đúng giờ cho người bệnh mạn tính',
    summary: 'Thành viên phòng khám tư có thể bật nhắc uống thuốc trên ứng dụng theo đơn bác sĩ kê.',
    body: `<p>Quên thuốc là nguyên nhân thường gặp khiến huyết áp, đường huyết không ổn định. Ứng dụng nhắc <strong>đúng giờ, đúng liều</strong> theo đơn thuốc của phòng khám.</p>
<ul><li>Mở mục Nhắc uống thuốc</li><li>Chọn đơn thuốc và giờ nhắc</li><li>Đánh dấu đã uống sau mỗi lần</li></ul>`,
    categories: ['Cẩm nang sức khoẻ'],
    tags: ['nhắc thuốc', 'bệnh mạn tính'],
    status: 'PUBLISHED',
    at: -24 * 2,
    colours: PURPLE,
  },
  {
    scope: 'SHP',
    title: 'Gói theo dõi đái tháo đường dành cho thành viên',
    summary: 'Khám định kỳ 3 tháng một lần, xét nghiệm HbA1c và tư vấn dinh dưỡng với bác sĩ nội tiết.',
    body: `<p>Gói theo dõi gồm khám nội tiết, xét nghiệm <strong>HbA1c</strong>, mỡ máu, chức năng thận mỗi 3 tháng và tư vấn thực đơn cá nhân.</p>`,
    categories: ['Tin phòng khám', 'Cẩm nang sức khoẻ'],
    tags: ['đái tháo đường'],
    status: 'SCHEDULED',
    at: 24 * 5,
    colours: BLUE,
  },
  {
    scope: 'SHP',
    title: 'Chế độ ăn cho người gout',
    summary: 'Hạn chế nội tạng động vật, hải sản, bia rượu; uống đủ nước và giữ cân nặng hợp lý.',
    body: `<p>Người bệnh gout nên uống 2–3 lít nước mỗi ngày, ăn nhiều rau xanh và <strong>hạn chế thực phẩm giàu purin</strong>.</p>`,
    categories: ['Cẩm nang sức khoẻ'],
    tags: ['gout', 'dinh dưỡng'],
    status: 'DRAFT',
    colours: ORANGE,
  },
];

/**
 * The news demo (issue 18): a dozen articles of the hospital's news and a few of its private clinic's, in every status
 * (published over the last weeks, drafts, one hidden, one scheduled in each scope with its publication job queued), each
 * with a cover drawn as a PNG and stored through the content image store (when the seed is given it), categories, tags,
 * a revision of its creation, and one article whose alias changed (the old one still leads to it).
 */
export async function seedDemoNews(ex: Executor, facilityId: number, now: Date, images?: Pick<FileStore, 'save'>): Promise<void> {
  const [admin] = await rows<{ id: number }>(ex, sql`SELECT id FROM accounts WHERE facility_id = ${facilityId} AND username = 'admin'`);
  const adminId = admin?.id ?? null;
  const categoryIds = new Map<string, number>();
  for (const [scope, names] of [
    ['MAIN', MAIN_CATEGORIES],
    ['SHP', SHP_CATEGORIES],
  ] as const) {
    for (const [i, name] of names.entries()) {
      const [c] = await rows<{ id: number }>(
        ex,
        sql`INSERT INTO news_categories (facility_id, scope, name, name_key, position) VALUES (${facilityId}, ${scope}, ${name}, ${normalizeText(name)}, ${i}) RETURNING id`,
      );
      categoryIds.set(`${scope}:${name}`, c!.id);
    }
  }
  // oldest first: ids grow with the creation time, as real ones do
  const ordered = [...ARTICLES].sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  for (const [i, a] of ordered.entries()) {
    const cover = images ? `${CONTENT_IMAGE_PATH}/${await images.save(coverPng(a.colours[0], a.colours[1], i + 1), 'png')}` : null;
    const bodyHtml = cover && i % 3 === 0 ? `${a.body}<p><img src="${cover}" alt="${a.title}"></p>` : a.body;
    const body = sanitizeRichText(bodyHtml);
    const publishAt = a.at === undefined ? null : new Date(now.getTime() + a.at * 3_600_000);
    const created = new Date(now.getTime() + Math.min(a.at ?? -24, -24) * 3_600_000 - 2 * 3_600_000);
    const alias = slugify(a.title);
    const [row] = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO news_articles (facility_id, scope, title, alias, summary, cover_url, body_html, body_text, search_text, tags, seo_title, seo_description,
            status, publish_at, version, created_by, updated_by, created_at, updated_at)
          VALUES (${facilityId}, ${a.scope}, ${a.title}, ${alias}, ${a.summary}, ${cover}, ${body.html}, ${body.text},
            ${normalizeText(`${a.title} ${a.summary} ${a.tags.join(' ')}`)}, ${JSON.stringify(a.tags)}::jsonb, ${null}, ${a.seoDescription ?? null},
            ${a.status}, ${publishAt?.toISOString() ?? null}::timestamptz, 1, ${adminId}, ${adminId}, ${created.toISOString()}::timestamptz,
            ${created.toISOString()}::timestamptz)
          RETURNING id`,
    );
    const id = row!.id;
    const cats = a.categories.map((c) => categoryIds.get(`${a.scope}:${c}`)!);
    for (const c of cats) await ex.execute(sql`INSERT INTO news_article_categories (facility_id, article_id, category_id) VALUES (${facilityId}, ${id}, ${c})`);
    await ex.execute(
      sql`INSERT INTO news_revisions (facility_id, article_id, action, changes, account_id, created_at)
          VALUES (${facilityId}, ${id}, 'CREATE', ${JSON.stringify({ title: { before: null, after: a.title }, alias: { before: null, after: alias }, status: { before: null, after: a.status } })}::jsonb,
            ${adminId}, ${created.toISOString()}::timestamptz)`,
    );
    if (a.oldAlias && a.oldAlias !== alias) {
      await ex.execute(sql`INSERT INTO news_aliases (facility_id, scope, alias, article_id) VALUES (${facilityId}, ${a.scope}, ${a.oldAlias}, ${id})`);
      await ex.execute(
        sql`INSERT INTO news_revisions (facility_id, article_id, action, changes, account_id, created_at)
            VALUES (${facilityId}, ${id}, 'UPDATE', ${JSON.stringify({ alias: { before: a.oldAlias, after: alias } })}::jsonb, ${adminId}, ${created.toISOString()}::timestamptz + interval '1 hour')`,
      );
    }
    if (a.status === 'SCHEDULED' && publishAt) await enqueuePublication(ex, facilityId, id, publishAt);
  }
}
