import { sql } from 'drizzle-orm';
import { CLINIC_PROGRAM_SURVEYS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { md5 } from '../../core/tokens';
import { hashPassword, type HashCost } from '../../modules/auth/passwords';
import { memberSearchText } from '../../modules/clinic/clinic-members.service';
import { DEMO_STAFF_PASSWORD } from './demo-admin';
import { createRole } from './factories';
import { mulberry32 } from './patients-data';

/**
 * The demo hospital's private clinic (issue 20, /admin/SHP/*): a role "Phòng khám riêng" (MANAGER_SHP) with three of
 * the demo doctors and a nurse; 300 members from the demo patient accounts (the account holder, or the parent they
 * follow) in the diabetes, hypertension and pregnancy programmes, enrolled over the last months, a few deactivated with
 * their reason, notes on some; four club groups with two weeks of conversation (one spam message hidden by the admin)
 * and five one-to-one conversations. `admin` is in every group and has a few unread messages. Every table is written
 * with a handful of multi-row statements. Deterministic for a given `now`.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
const VN = 7 * HOUR;
const p = sql.param;

/** Staff of the clinic (password DEMO_STAFF_PASSWORD); the doctors are demo doctors (seed/demo-doctors.ts). */
export const DEMO_CLINIC_STAFF = [
  { key: 'duong', username: 'bs.duong', name: 'Phùng Thị Ánh Dương', email: 'pkr.anhduong@benhvienanphuc.vn', phone: '0915326478', days: 20 },
  { key: 'maianh', username: 'bs.maianh', name: 'Bùi Thị Mai Anh', email: 'pkr.maianh@benhvienanphuc.vn', phone: '0983172645', days: 35 },
  { key: 'phuong', username: 'bs.phuong', name: 'Hà Thị Phương', email: 'pkr.haphuong@benhvienanphuc.vn', phone: '0904518327', days: 12 },
  { key: 'hoa', username: 'dd.hoa', name: 'Nguyễn Thị Hoà', email: 'pkr.dieuduong@benhvienanphuc.vn', phone: '0936284751', days: 60 },
] as const;
type StaffKey = (typeof DEMO_CLINIC_STAFF)[number]['key'];

/** Members per programme (300 in all). */
export const DEMO_CLINIC_QUOTAS: Record<'DIABETES' | 'HYPERTENSION' | 'PREGNANCY', number> = { DIABETES: 115, HYPERTENSION: 135, PREGNANCY: 50 };

/** Doctors in charge, by demo doctor code, with their share. */
const DOCTORS: Record<keyof typeof DEMO_CLINIC_QUOTAS, [code: string, share: number][]> = {
  DIABETES: [
    ['BS029', 0.45],
    ['BS005', 0.55],
  ],
  HYPERTENSION: [
    ['BS008', 0.45],
    ['BS025', 0.4],
    ['BS001', 0.15],
  ],
  PREGNANCY: [
    ['BS018', 0.6],
    ['BS002', 0.4],
  ],
};
const LEAD: Record<keyof typeof DEMO_CLINIC_QUOTAS, StaffKey> = { DIABETES: 'duong', HYPERTENSION: 'maianh', PREGNANCY: 'phuong' };

const NOTES: Record<keyof typeof DEMO_CLINIC_QUOTAS, string[]> = {
  DIABETES: [
    'HbA1c 7,8% lần gần nhất, đang dùng metformin 1000 mg/ngày.',
    'Tiêm insulin nền buổi tối, tự theo dõi đường huyết tại nhà tốt.',
    'Hay quên thuốc buổi tối, con gái nhắc qua điện thoại.',
    'Có biến chứng thần kinh ngoại biên nhẹ ở hai bàn chân, hẹn khám bàn chân 3 tháng/lần.',
    'Dị ứng penicillin.',
    'Kèm rối loạn mỡ máu, đang dùng atorvastatin 20 mg.',
  ],
  HYPERTENSION: [
    'Huyết áp tại nhà dao động 130–145/80–90 mmHg, máy đo bắp tay.',
    'Đang dùng amlodipin 5 mg, phù nhẹ cổ chân về chiều.',
    'Hút thuốc lá 20 năm, đã bỏ được 6 tháng.',
    'Tiền sử tai biến nhẹ năm 2021, không để lại di chứng.',
    'Ăn mặn, đã được tư vấn giảm muối; vợ nấu ăn riêng.',
    'Ho khan khi dùng perindopril, đã đổi sang losartan.',
  ],
  PREGNANCY: [
    'Con so, thai thụ tinh ống nghiệm; theo dõi sát.',
    'Tiền sản giật ở lần mang thai trước, đo huyết áp hằng ngày.',
    'Đái tháo đường thai kỳ, kiểm soát bằng chế độ ăn.',
    'Thiếu máu nhẹ, đang bổ sung sắt.',
    'Nhóm máu Rh âm, đã tư vấn tiêm anti-D.',
  ],
};
const REASONS = [
  'Chuyển về theo dõi tại trung tâm y tế gần nhà.',
  'Bệnh nhân xin dừng tham gia chương trình.',
  'Không liên lạc được sau 3 lần gọi điện.',
  'Chuyển nơi sinh sống vào Thành phố Hồ Chí Minh.',
];

type Who = 'M' | 'O' | 'D' | 'N' | 'A';
/** One exchange: [who, text, minutes after the previous line]; M = the asking member, O = another member. */
type Thread = { lines: [Who, string, number?][]; spam?: true };

const DIABETES_THREADS: Thread[] = [
  {
    lines: [
      ['M', 'Chào bác sĩ, sáng nay tôi đo đường huyết lúc đói được 8,2 mmol/l, mấy hôm trước chỉ khoảng 6,5. Tôi có cần tăng liều thuốc không ạ?'],
      [
        'D',
        'Chào {x} {ten}, một lần đo 8,2 chưa cần đổi liều ngay. {X} xem tối qua có ăn khuya, ngủ muộn hay quên thuốc không? {X} đo thêm lúc đói 3 buổi sáng liên tiếp và ghi vào sổ theo dõi giúp bác sĩ nhé.',
        40,
      ],
      ['M', 'Tối qua nhà có giỗ, tôi ăn hơi nhiều xôi và chè. Tôi sẽ đo tiếp rồi báo lại bác sĩ.', 12],
      ['D', 'Vậy nhiều khả năng là do bữa tối. Nếu 3 ngày tới vẫn trên 7 mmol/l thì {x} nhắn lại, bác sĩ sẽ hẹn {x} tái khám sớm để chỉnh thuốc.', 20],
    ],
  },
  {
    lines: [
      ['M', 'Chiều qua tôi làm vườn về thấy run tay, vã mồ hôi, đo đường huyết được 3,6. Tôi uống một cốc nước đường thì đỡ.'],
      [
        'D',
        '{X} xử trí rất đúng ạ. Đó là hạ đường huyết, hay gặp khi vận động nhiều mà ăn ít. Lần sau trước khi làm vườn {x} ăn nhẹ một lát bánh mì hoặc một hộp sữa, và luôn mang theo vài viên kẹo. Nếu trong tuần còn bị lại, {x} nhắn để bác sĩ giảm liều gliclazid.',
        55,
      ],
      ['M', 'Vâng, cảm ơn bác sĩ.', 8],
    ],
  },
  {
    lines: [
      ['M', 'Kết quả HbA1c hôm trước của tôi là 7,4%, như vậy đã ổn chưa bác sĩ?'],
      [
        'D',
        'So với 8,1% lần trước là {x} đã giảm tốt rồi. Mục tiêu của {x} là dưới 7%. {X} cứ giữ chế độ ăn và đi bộ như hiện nay, ba tháng nữa mình kiểm tra lại nhé.',
        35,
      ],
      ['M', 'Vâng, tôi sẽ cố gắng. Cảm ơn bác sĩ.', 15],
    ],
  },
  {
    lines: [
      ['M', 'Tôi mới được đổi sang metformin 850, uống vào hay đầy bụng, đi ngoài phân lỏng. Có sao không ạ?'],
      [
        'D',
        'Metformin hay gây khó chịu tiêu hoá trong vài tuần đầu. {X} uống thuốc ngay trong hoặc sau bữa ăn, không uống lúc đói. Nếu sau 2 tuần vẫn không đỡ, bác sĩ sẽ chuyển sang loại giải phóng chậm, dễ chịu hơn.',
        70,
      ],
      ['M', 'Thảo nào, tôi toàn uống trước bữa ăn. Để tôi đổi lại.', 10],
    ],
  },
  {
    lines: [
      ['M', 'Gót chân tôi bị nứt, hơi rát, có cần đi khám không ạ?'],
      [
        'D',
        'Người đái tháo đường cần chăm sóc bàn chân kỹ. {X} rửa chân bằng nước ấm, lau khô, bôi kem dưỡng ẩm nhưng không bôi vào kẽ ngón. Nếu vết nứt chảy máu, sưng đỏ hay rỉ dịch thì {x} đến khám ngay, đừng tự cắt da chết.',
        45,
      ],
      ['N', 'Buổi sinh hoạt câu lạc bộ thứ Bảy này có hướng dẫn chăm sóc bàn chân, mời {x} tham dự ạ.', 20],
      ['M', 'Tôi sẽ đi, cảm ơn điều dưỡng.', 30],
    ],
  },
  {
    lines: [
      ['M', 'Tuần sau tôi về quê 5 ngày, bút insulin mang theo thế nào cho đúng ạ?'],
      [
        'D',
        'Bút đang dùng thì để ở nhiệt độ phòng, tránh nắng, dùng trong 4 tuần. Bút dự phòng {x} để trong túi giữ nhiệt có đá, bọc khăn, không để đá chạm trực tiếp vào bút. Nhớ mang theo máy đo đường huyết và kim dự phòng nhé.',
        30,
      ],
      ['M', 'Cảm ơn bác sĩ, tôi ghi lại rồi.', 6],
    ],
  },
  {
    lines: [
      [
        'N',
        'Thông báo: sinh hoạt Câu lạc bộ Đái tháo đường tháng này vào 8 giờ sáng thứ Bảy tại Hội trường tầng 3, nhà B. Chủ đề: chăm sóc bàn chân cho người đái tháo đường. Các cô chú nhớ mang theo sổ theo dõi đường huyết ạ.',
      ],
      ['O', 'Tôi đăng ký tham gia ạ.', 25],
      ['O', 'Cho tôi đưa thêm nhà tôi đi cùng được không?', 18],
      ['N', 'Dạ được ạ, người nhà đi cùng để cùng nghe hướng dẫn thì càng tốt ạ.', 15],
    ],
  },
  {
    lines: [
      ['M', 'Tôi muốn đổi lịch tái khám sang buổi chiều được không?'],
      [
        'N',
        'Dạ được ạ. Em đã chuyển lịch của {x} sang 14 giờ {appt}, phòng 106. Buổi chiều {x} không cần nhịn ăn, nhưng nhớ mang theo sổ theo dõi đường huyết 2 tuần gần nhất ạ.',
        25,
      ],
      ['M', 'Cảm ơn em nhé.', 5],
    ],
  },
  {
    lines: [
      ['M', 'Đo đường huyết sau ăn thì đo sau bao lâu là đúng ạ?'],
      ['D', '{X} đo sau 2 giờ, tính từ miếng ăn đầu tiên. Mục tiêu sau ăn 2 giờ của {x} là dưới 10 mmol/l.', 40],
      ['M', 'À, trước giờ tôi đo sau 1 tiếng nên thấy cao, tôi cứ lo.', 9],
      ['O', 'Tôi cũng đo sai như vậy, cảm ơn bác sĩ đã giải thích.', 30],
    ],
  },
  {
    lines: [
      ['M', 'Bác sĩ ơi, mấy hôm nay tôi hay khát nước, đi tiểu đêm 3–4 lần, đường huyết buổi tối lên 13.'],
      [
        'D',
        'Chỉ số này cao so với mục tiêu của {x}. {X} uống đủ nước lọc, không uống nước ngọt, và sáng mai đến Phòng khám riêng (phòng 106) để bác sĩ xét nghiệm và chỉnh thuốc, không cần đặt lịch. Nếu mệt lả, nôn hoặc lơ mơ thì {x} đến ngay Khoa Cấp cứu.',
        25,
      ],
      ['M', 'Vâng, sáng mai 7 giờ rưỡi tôi qua ạ.', 10],
    ],
  },
];

const DIET_THREADS: Thread[] = [
  {
    lines: [
      ['M', 'Tôi nên ăn bao nhiêu cơm mỗi bữa hả bác sĩ?'],
      [
        'D',
        'Với {x}, mỗi bữa khoảng 1 bát con cơm, tốt nhất trộn thêm gạo lứt. Ăn rau trước, rồi đến thịt cá, cơm ăn sau cùng sẽ giúp đường huyết sau ăn tăng chậm hơn.',
        30,
      ],
      ['M', 'Cảm ơn bác sĩ, tôi sẽ thử ăn theo thứ tự như vậy.', 12],
    ],
  },
  {
    lines: [
      ['M', 'Sáng nào tôi cũng ăn phở, có được không ạ?'],
      [
        'D',
        '{X} vẫn ăn phở được, nhưng nên gọi ít bánh, thêm rau và thịt, không ăn kèm quẩy. Vài buổi mỗi tuần {x} đổi sang bánh mì nguyên cám với trứng và sữa không đường cho đa dạng.',
        45,
      ],
    ],
  },
  {
    lines: [
      ['M', 'Người tiểu đường ăn được những loại quả nào hả bác sĩ? Nhà tôi đang có nhiều xoài chín.'],
      [
        'D',
        '{X} vẫn ăn trái cây được, mỗi lần một phần nhỏ cỡ nắm tay, ăn giữa hai bữa chính. Nên ưu tiên ổi, bưởi, táo, thanh long; xoài chín, nhãn, vải, mít rất ngọt nên chỉ ăn 2–3 miếng nhỏ.',
        35,
      ],
      ['O', 'Tôi ăn bưởi thay tráng miệng, đường huyết sau ăn đỡ hẳn.', 40],
      ['M', 'Vậy tôi chia xoài cho con cháu ăn thôi.', 15],
    ],
  },
  {
    lines: [
      ['M', 'Đường ăn kiêng cỏ ngọt có dùng được không ạ? Bánh quy "dành cho người tiểu đường" thì sao?'],
      [
        'D',
        'Cỏ ngọt và các chất tạo ngọt không năng lượng dùng được với lượng vừa phải. Còn bánh quy ghi "dành cho người tiểu đường" vẫn làm từ bột, vẫn làm tăng đường huyết, {x} đọc kỹ nhãn và chỉ ăn ít thôi.',
        50,
      ],
    ],
  },
  {
    lines: [
      [
        'D',
        'Bác sĩ gửi cả nhóm thực đơn mẫu tuần này. Sáng: bánh mì nguyên cám, trứng luộc. Trưa: 1 bát cơm gạo lứt, cá kho, rau luộc, canh bí. Tối: 1 bát cơm, đậu phụ sốt cà chua, cải xào. Bữa phụ: 1 hộp sữa chua không đường hoặc nửa quả ổi.',
      ],
      ['O', 'Cảm ơn bác sĩ, rất hữu ích ạ.', 20],
      ['O', 'Tôi lưu lại để nhà tôi nấu theo.', 35],
    ],
  },
  {
    lines: [
      ['M', 'Cuối tuần nhà có đám cưới, tôi có được uống bia không bác sĩ?'],
      [
        'D',
        '{X} nên hạn chế tối đa. Nếu uống thì không quá 1 lon, uống trong bữa ăn, không uống lúc đói vì dễ hạ đường huyết, nhất là khi đang tiêm insulin hoặc uống gliclazid.',
        60,
      ],
      ['M', 'Vâng, tôi sẽ chỉ nâng ly cho vui thôi.', 10],
    ],
  },
  {
    lines: [
      ['M', 'Ăn vặt buổi chiều thì nên ăn gì cho đỡ đói ạ?'],
      [
        'D',
        'Một nắm nhỏ lạc hoặc hạt điều không tẩm đường muối, một hộp sữa chua không đường, hoặc vài lát dưa chuột, cà rốt. Tránh bánh ngọt, trà sữa, nước ngọt.',
        40,
      ],
      ['N', 'Trong buổi sinh hoạt tới, phòng dinh dưỡng sẽ phát tờ gợi ý bữa phụ cho các cô chú ạ.', 25],
    ],
  },
];

const HYPERTENSION_THREADS: Thread[] = [
  {
    lines: [
      ['M', 'Bác sĩ ơi, sáng nay tôi đo huyết áp 158/96, đầu hơi nặng. Tôi đã uống thuốc lúc 6 giờ rồi.'],
      [
        'D',
        'Chào {x} {ten}, {x} ngồi nghỉ 15 phút rồi đo lại giúp bác sĩ, đo cả hai tay nhé. Nếu có đau ngực, khó thở, yếu tay chân hay nói khó thì {x} đến ngay Khoa Cấp cứu.',
        15,
      ],
      ['M', 'Đo lại được 142/88 rồi bác sĩ ạ, đầu cũng đỡ hơn.', 20],
      ['D', 'Vậy là đã hạ. {X} tiếp tục thuốc như đơn, hạn chế muối, tối nay đo lại và ghi vào sổ. Lần tái khám tới bác sĩ sẽ xem lại liều.', 10],
    ],
  },
  {
    lines: [
      ['M', 'Tôi uống amlodipin được 2 tuần thì thấy hai cổ chân hơi phù về chiều, có sao không ạ?'],
      [
        'D',
        'Phù cổ chân là tác dụng phụ hay gặp của amlodipin, thường không nguy hiểm. {X} đừng tự ngừng thuốc; lần tái khám tới bác sĩ sẽ cân nhắc giảm liều hoặc đổi thuốc. Khi ngồi {x} kê chân cao sẽ đỡ phù.',
        50,
      ],
      ['M', 'Vâng, cảm ơn bác sĩ.', 7],
    ],
  },
  {
    lines: [
      ['M', 'Nhà tôi mới mua máy đo huyết áp cổ tay, đo có chính xác không bác sĩ?'],
      [
        'D',
        'Máy đo ở bắp tay thường chính xác hơn máy cổ tay. Nếu dùng máy cổ tay, {x} để cổ tay ngang tim khi đo. Lần tái khám {x} mang máy theo để điều dưỡng đo so sánh với máy của phòng khám.',
        40,
      ],
      ['N', 'Dạ, {x} mang máy đến phòng 103 tầng 1, em kiểm tra giúp trong 5 phút ạ.', 15],
    ],
  },
  {
    lines: [
      ['M', 'Tôi quen ăn mặn, chấm gì cũng phải có nước mắm. Mỗi ngày được ăn bao nhiêu muối hả bác sĩ?'],
      [
        'D',
        'Người tăng huyết áp nên ăn dưới 5 g muối mỗi ngày, khoảng một thìa cà phê, tính cả nước mắm, bột canh, mì chính. {X} thử pha nước mắm loãng với chanh, tỏi, ớt và bớt dần từng tuần là quen ạ.',
        35,
      ],
      ['O', 'Nhà tôi chuyển sang nước mắm giảm mặn được 3 tháng, huyết áp ổn hơn hẳn.', 45],
      ['D', 'Cảm ơn chia sẻ rất hay ạ. Các cô chú cũng nhớ bớt dưa cà muối, đồ hộp, mì tôm nhé.', 20],
    ],
  },
  {
    lines: [
      ['M', 'Cho tôi hỏi lịch tái khám tháng này của tôi là ngày nào?'],
      [
        'N',
        'Dạ, lịch tái khám của {x} là {appt} lúc 8 giờ 30, phòng 103 khoa Tim mạch. {X} nhớ nhịn ăn sáng để lấy máu xét nghiệm mỡ máu và chức năng thận ạ.',
        20,
      ],
      ['M', 'Cảm ơn em nhé.', 6],
    ],
  },
  {
    lines: [
      ['M', 'Hôm qua tôi quên uống thuốc huyết áp buổi sáng, đến tối mới nhớ ra. Tôi có uống bù không ạ?'],
      [
        'D',
        'Nếu nhớ ra trong ngày thì {x} uống ngay liều đã quên; nếu đã gần đến liều hôm sau thì bỏ qua, không uống gấp đôi. {X} có thể đặt báo thức, hoặc bật nhắc uống thuốc trong ứng dụng của bệnh viện.',
        30,
      ],
      ['M', 'Vâng, để tôi nhờ con cài nhắc thuốc.', 12],
    ],
  },
  {
    lines: [
      ['M', 'Mấy hôm nay cứ đứng dậy nhanh là tôi thấy choáng, đo huyết áp chỉ 100/60.'],
      [
        'D',
        '{X} có thể bị hạ huyết áp tư thế, có khi do liều thuốc đang hơi nhiều. {X} đứng dậy từ từ, uống đủ nước. Sáng mai {x} đến phòng khám để bác sĩ đo lại và chỉnh thuốc, không cần đặt lịch, báo tên ở quầy Phòng khám riêng là được.',
        25,
      ],
      ['M', 'Sáng mai 8 giờ tôi qua ạ.', 9],
    ],
  },
  {
    lines: [
      ['M', 'Tôi đi bộ mỗi sáng 30 phút, có nên tập thêm gì không ạ?'],
      [
        'D',
        'Đi bộ nhanh 30 phút, 5 ngày mỗi tuần là rất tốt. {X} có thể tập thêm bài sức bền nhẹ 2 buổi mỗi tuần, tránh nín thở khi nâng vật nặng. Khi huyết áp trên 180/110 thì tạm nghỉ tập và báo bác sĩ.',
        55,
      ],
    ],
  },
  {
    spam: true,
    lines: [
      [
        'M',
        'Bán thuốc nam gia truyền hạ huyết áp, cam kết khỏi hẳn sau 1 liệu trình, không cần uống thuốc tây nữa. Ai cần inbox Zalo để được tư vấn và giao hàng tận nhà!!!',
      ],
      [
        'A',
        'Tin nhắn quảng cáo vừa rồi đã được ẩn. Đề nghị các thành viên không mua và không tự ý dùng thuốc không rõ nguồn gốc, không bỏ thuốc điều trị huyết áp khi chưa hỏi ý kiến bác sĩ.',
        12,
      ],
      [
        'D',
        'Bác sĩ nhắc thêm: tăng huyết áp cần điều trị lâu dài, không có thuốc nào "khỏi hẳn sau 1 liệu trình". Có thắc mắc gì về thuốc các cô chú cứ hỏi trong nhóm ạ.',
        15,
      ],
    ],
  },
  {
    lines: [
      [
        'N',
        'Thông báo: 7 giờ 30 sáng thứ Bảy tuần này có buổi đo huyết áp và tư vấn miễn phí cho hội viên câu lạc bộ tại sảnh nhà A. Các cô chú đăng ký qua nhóm này giúp em ạ.',
      ],
      ['O', 'Tôi đăng ký 2 người, tôi và nhà tôi.', 30],
      ['O', 'Tôi đăng ký ạ.', 22],
      ['N', 'Dạ em đã ghi tên ạ. Các cô chú nhớ mang theo sổ theo dõi huyết áp.', 18],
    ],
  },
];

const PREGNANCY_THREADS: Thread[] = [
  {
    lines: [
      ['M', 'Em đang 24 tuần, mấy hôm nay hay bị chuột rút bắp chân về đêm, có sao không bác sĩ?'],
      [
        'D',
        'Chuột rút hay gặp từ tháng thứ 5. {X} uống đủ nước, uống canxi đều theo đơn, trước khi ngủ xoa bóp và duỗi bắp chân. Nếu bắp chân sưng đỏ, đau một bên thì {x} đi khám ngay nhé.',
        35,
      ],
      ['M', 'Dạ em cảm ơn bác sĩ.', 5],
    ],
  },
  {
    lines: [
      ['M', 'Tuần sau em tròn 25 tuần, bác sĩ hẹn làm nghiệm pháp dung nạp đường. Em cần chuẩn bị gì ạ?'],
      [
        'D',
        '{X} nhịn ăn ít nhất 8 giờ trước khi làm, vẫn uống nước lọc được. Buổi xét nghiệm khoảng 2 giờ, {x} ngồi nghỉ tại chỗ, không đi lại nhiều. Nhớ mang theo sổ khám thai nhé.',
        45,
      ],
      ['M', 'Dạ em nhớ rồi ạ.', 8],
    ],
  },
  {
    lines: [
      ['M', 'Em 32 tuần, hôm nay thấy con đạp ít hơn mọi ngày, em lo quá.'],
      [
        'D',
        '{X} nằm nghiêng trái, đếm cử động thai trong 2 giờ; bình thường có ít nhất 10 lần. Nếu ít hơn, {x} đến ngay Khoa Phụ sản để đo tim thai, không chờ đến lịch khám.',
        10,
      ],
      ['M', 'Em đếm được 12 lần trong hơn 1 tiếng rồi ạ.', 70],
      ['D', 'Vậy là yên tâm rồi. {X} đếm cử động thai mỗi ngày vào một giờ cố định nhé.', 8],
    ],
  },
  {
    lines: [
      ['M', 'Bầu mấy tuần thì tiêm phòng uốn ván và ho gà ạ?'],
      [
        'D',
        'Vắc xin phối hợp uốn ván – bạch hầu – ho gà nên tiêm từ tuần 27 đến tuần 36 của mỗi lần mang thai. {X} đặt lịch tại phòng tiêm chủng tầng 1 nhà C, mang theo sổ khám thai.',
        40,
      ],
      ['N', 'Phòng tiêm chủng làm việc từ 7 giờ 30 đến 16 giờ 30, cả sáng thứ Bảy ạ.', 12],
    ],
  },
  {
    lines: [
      [
        'N',
        'Thông báo lớp học tiền sản tháng này: "Chuẩn bị đi sinh và chăm sóc trẻ sơ sinh", 9 giờ sáng Chủ nhật tại phòng hội thảo tầng 4 nhà B. Các mẹ có thể đi cùng chồng, đăng ký trong nhóm giúp em ạ.',
      ],
      ['O', 'Em đăng ký 2 người ạ.', 15],
      ['O', 'Em đăng ký ạ, em được 30 tuần rồi.', 40],
      ['N', 'Dạ em đã ghi tên các mẹ ạ.', 20],
    ],
  },
  {
    lines: [
      ['M', 'Em uống viên sắt buổi sáng hay bị buồn nôn, đổi giờ uống được không ạ?'],
      [
        'D',
        'Được {x} nhé. {X} uống viên sắt sau bữa tối hoặc trước khi ngủ, với nước lọc hoặc nước cam, không uống cùng sữa hay trà vì giảm hấp thu. Viên canxi thì uống buổi sáng, cách viên sắt ít nhất 2 giờ.',
        30,
      ],
      ['O', 'Em cũng bị vậy, đổi sang buổi tối là đỡ hẳn ạ.', 50],
    ],
  },
  {
    lines: [
      ['M', 'Em đo huyết áp ở nhà được 138/88, chân hơi phù. Có phải tiền sản giật không bác sĩ?'],
      [
        'D',
        'Con số này hơi cao so với lần khám trước của {x}. {X} nghỉ ngơi, đo lại sau 4 giờ; nếu vẫn từ 140/90 trở lên, hoặc đau đầu, nhìn mờ, đau vùng thượng vị thì {x} vào viện ngay. Sáng mai {x} qua khám để xét nghiệm nước tiểu nhé.',
        15,
      ],
      ['M', 'Dạ, sáng mai em qua ạ. Vừa đo lại được 128/82 rồi ạ.', 240],
      ['D', 'Tốt rồi, nhưng sáng mai {x} vẫn qua khám nhé.', 20],
    ],
  },
  {
    lines: [
      ['M', 'Lịch khám thai tuần sau của em là mấy giờ ạ?'],
      ['N', 'Dạ, {x} có lịch khám thai {appt} lúc 9 giờ, phòng 202 khoa Phụ sản, có siêu âm hình thái ạ.', 25],
      ['M', 'Dạ em cảm ơn chị.', 4],
    ],
  },
  {
    lines: [
      ['M', 'Em bầu 20 tuần, ăn cua, ốc được không ạ? Nhà em hay nấu bún riêu.'],
      [
        'D',
        '{X} ăn được nếu nấu thật chín và tươi, ăn lượng vừa phải. Tránh đồ sống, tái, gỏi, và hạn chế cá to như cá kiếm, cá thu vua vì nhiều thuỷ ngân.',
        50,
      ],
    ],
  },
];

/** One-to-one conversations: the staff member, the member's programme, and the exchange. */
const DIRECTS: { staff: StaffKey; program: keyof typeof DEMO_CLINIC_QUOTAS; lines: ['M' | 'S', string, number?][] }[] = [
  {
    staff: 'duong',
    program: 'DIABETES',
    lines: [
      [
        'S',
        'Chào {x} {ten}, bác sĩ đã xem kết quả xét nghiệm hôm qua: đường huyết lúc đói 7,9, HbA1c 8,0%. Bác sĩ muốn tăng metformin lên 1000 mg sáng và tối. {X} qua phòng khám lấy đơn mới được không ạ?',
      ],
      ['M', 'Chiều nay tôi qua được không bác sĩ?', 25],
      ['S', 'Được ạ, {x} đến phòng 106 sau 14 giờ, báo tên với điều dưỡng Hoà là được.', 10],
      ['M', 'Cảm ơn bác sĩ nhiều.', 3],
    ],
  },
  {
    staff: 'maianh',
    program: 'HYPERTENSION',
    lines: [
      ['M', 'Bác sĩ ơi, đơn thuốc của tôi còn 3 ngày là hết, tôi có phải đến khám không hay lấy thuốc luôn được ạ?'],
      [
        'S',
        'Lần khám trước huyết áp của {x} ổn định, {x} lấy tiếp đơn cũ 1 tháng được. Bác sĩ đã ghi chỉ định, {x} đến quầy thuốc tầng 1 đọc mã bệnh nhân là được ạ.',
        40,
      ],
      ['M', 'Vâng, mai tôi qua lấy.', 15],
    ],
  },
  {
    staff: 'phuong',
    program: 'PREGNANCY',
    lines: [
      ['S', 'Chào {x}, kết quả siêu âm hình thái hôm qua bình thường, em bé nặng khoảng 1.100 g, phù hợp tuổi thai. {X} yên tâm nhé.'],
      ['M', 'Dạ em cảm ơn bác sĩ, em mừng quá.', 6],
      ['S', 'Lần khám tới sau 4 tuần, điều dưỡng sẽ nhắn lịch cụ thể cho {x}.', 5],
    ],
  },
  {
    staff: 'hoa',
    program: 'DIABETES',
    lines: [
      [
        'S',
        'Dạ em chào {x}, em là điều dưỡng Hoà của Phòng khám riêng. Tuần này {x} chưa gửi kết quả đo đường huyết trong ứng dụng, {x} có gặp khó khăn gì khi nhập không ạ?',
      ],
      ['M', 'Tôi không biết nhập ở đâu, con tôi đi làm xa.', 90],
      [
        'S',
        'Dạ {x} mở ứng dụng, chọn mục "Phòng khám riêng", bấm "Khảo sát sức khoẻ" rồi nhập con số đo buổi sáng là được ạ. Nếu vẫn khó, {x} nhắn số đo vào đây, em nhập giúp.',
        12,
      ],
      ['M', 'Sáng nay tôi đo được 6,8.', 20],
      ['S', 'Dạ em đã ghi nhận rồi ạ, chỉ số tốt ạ.', 8],
    ],
  },
  {
    staff: 'maianh',
    program: 'HYPERTENSION',
    lines: [
      ['M', 'Tôi bị ho khan mấy tuần nay, có phải do thuốc huyết áp không bác sĩ?'],
      [
        'S',
        'Thuốc {x} đang dùng là perindopril, thuốc nhóm này đôi khi gây ho khan. {X} đặt lịch tái khám sớm để bác sĩ chuyển sang thuốc khác cùng tác dụng nhé; trong lúc chờ {x} vẫn uống thuốc đều.',
        35,
      ],
      ['M', 'Vâng, tôi đặt lịch thứ Hai tuần sau.', 10],
    ],
  },
];

const GROUPS: {
  key: string;
  program: keyof typeof DEMO_CLINIC_QUOTAS;
  name: string;
  description: string;
  /** Share of the programme's active members in it. */
  share: number;
  staff: StaffKey[];
  threads: Thread[];
  createdDaysAgo: number;
  /** The admin's unread messages at the end. */
  adminUnread: number;
}[] = [
  {
    key: 'dtd',
    program: 'DIABETES',
    name: 'CLB Đái tháo đường – Khoa Nội tiết',
    description: 'Hội viên chương trình quản lý đái tháo đường: đường huyết, thuốc, lịch tái khám và sinh hoạt câu lạc bộ hằng tháng.',
    share: 1,
    staff: ['duong', 'hoa'],
    threads: DIABETES_THREADS,
    createdDaysAgo: 240,
    adminUnread: 3,
  },
  {
    key: 'dd',
    program: 'DIABETES',
    name: 'Dinh dưỡng cho người đái tháo đường',
    description: 'Thực đơn, cách chọn tinh bột và trái cây, bữa phụ – Phòng tư vấn dinh dưỡng phụ trách.',
    share: 0.4,
    staff: ['duong', 'hoa'],
    threads: DIET_THREADS,
    createdDaysAgo: 150,
    adminUnread: 0,
  },
  {
    key: 'tha',
    program: 'HYPERTENSION',
    name: 'CLB Tăng huyết áp – Khoa Tim mạch',
    description: 'Hội viên chương trình quản lý tăng huyết áp: huyết áp đo tại nhà, thuốc, chế độ ăn giảm muối, lịch tái khám.',
    share: 1,
    staff: ['maianh', 'hoa'],
    threads: HYPERTENSION_THREADS,
    createdDaysAgo: 230,
    adminUnread: 2,
  },
  {
    key: 'thai',
    program: 'PREGNANCY',
    name: 'Mẹ bầu An Phúc – Khoa Phụ sản',
    description: 'Các mẹ trong chương trình theo dõi thai kỳ: khám thai, xét nghiệm, tiêm phòng, lớp học tiền sản.',
    share: 1,
    staff: ['phuong', 'hoa'],
    threads: PREGNANCY_THREADS,
    createdDaysAgo: 200,
    adminUnread: 4,
  },
];

const WEEKDAYS = ['Chủ nhật', 'thứ Hai', 'thứ Ba', 'thứ Tư', 'thứ Năm', 'thứ Sáu', 'thứ Bảy'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Start of the Vietnamese day of `t`, as an instant. */
const vnDay = (t: number) => Math.floor((t + VN) / DAY) * DAY - VN;
/** `t` moved into the day's waking hours (6:30–21:30 in Vietnam): to the next morning when it falls at night. */
function awake(t: number, rng: () => number): number {
  const h = (t - vnDay(t)) / HOUR;
  if (h >= 6.5 && h <= 21.5) return t;
  const day = h > 21.5 ? vnDay(t) + DAY : vnDay(t);
  return day + 6.5 * HOUR + Math.floor(rng() * 90) * MIN;
}
/** A weekday 3–9 days after `t` that is not a Sunday, as "thứ Năm 04/12". */
function appointment(t: number, rng: () => number): string {
  let d = vnDay(t) + (3 + Math.floor(rng() * 7)) * DAY;
  if (new Date(d + VN).getUTCDay() === 0) d += DAY;
  const v = new Date(d + VN);
  return `${WEEKDAYS[v.getUTCDay()]} ${String(v.getUTCDate()).padStart(2, '0')}/${String(v.getUTCMonth() + 1).padStart(2, '0')}`;
}

type Candidate = {
  userId: number;
  profileId: number;
  relationship: 'SELF' | 'PARENT';
  patientCode: string;
  fullName: string;
  birthDate: string;
  gender: 'MALE' | 'FEMALE';
  phone: string | null;
  accountPhone: string | null;
  accountCreatedAt: Date | string;
};
type Member = Candidate & {
  program: keyof typeof DEMO_CLINIC_QUOTAS;
  age: number;
  enrolledAt: number;
  active: boolean;
  deactivatedAt: number | null;
  reason: string | null;
  doctorId: number | null;
  note: string;
  enrolledBy: number;
};

/** How staff address a member: by age and gender, as a Vietnamese clinic does. */
function addressOf(m: Member): string {
  if (m.program === 'PREGNANCY') return m.age < 30 ? 'em' : 'chị';
  if (m.age >= 60) return 'bác';
  if (m.age >= 45) return m.gender === 'MALE' ? 'chú' : 'cô';
  return m.gender === 'MALE' ? 'anh' : 'chị';
}
function fill(text: string, m: Member, t: number, rng: () => number): string {
  const x = addressOf(m);
  return text.replaceAll('{x}', x).replaceAll('{X}', cap(x)).replaceAll('{ten}', m.fullName.split(' ').at(-1)!).replaceAll('{appt}', appointment(t, rng));
}

type Msg = { group: number; t: number; accountId: number | null; userId: number | null; name: string; text: string; hidden: boolean };

export async function seedDemoClinicMembers(
  tx: Executor,
  facilityId: number,
  cost: HashCost,
  now: Date,
): Promise<{ members: number; groups: number; messages: number }> {
  const rng = mulberry32(20_251_126);
  const nowMs = now.getTime();
  const year = now.getUTCFullYear();

  // ——— the role and its staff (one password hash for the four, like the demo patients) ———
  const role = await createRole(tx, {
    facilityId,
    code: 'PHONG_KHAM',
    name: 'Phòng khám riêng',
    description: 'Hội viên, nhóm trò chuyện và nhắc thuốc của Phòng khám riêng',
    authorities: ['MANAGER_SHP'],
  });
  const hash = await hashPassword(md5(DEMO_STAFF_PASSWORD), cost);
  const S = DEMO_CLINIC_STAFF;
  const made = await rows<{ id: number; username: string }>(
    tx,
    sql`INSERT INTO accounts (facility_id, username, name, email, phone, password_hash, last_password_reset, search_text)
      SELECT ${facilityId}, t.u, t.n, t.e, t.p, ${hash}, t.r, t.s
      FROM unnest(${p(S.map((s) => s.username))}::text[], ${p(S.map((s) => s.name))}::text[], ${p(S.map((s) => s.email))}::text[],
                  ${p(S.map((s) => s.phone))}::text[], ${p(S.map((s) => new Date(nowMs - s.days * DAY).toISOString()))}::timestamptz[],
                  ${p(S.map((s) => normalizeText(`${s.username} ${s.name} ${s.email} ${s.phone}`)))}::text[]) WITH ORDINALITY AS t(u, n, e, p, r, s, ord)
      ORDER BY t.ord RETURNING id, username`,
  );
  await tx.execute(sql`INSERT INTO account_roles (account_id, role_id) SELECT unnest(${p(made.map((a) => a.id))}::int[]), ${role.id}`);
  const staffId = Object.fromEntries(S.map((s) => [s.key, made.find((a) => a.username === s.username)!.id])) as Record<StaffKey, number>;
  const staffName = Object.fromEntries(S.map((s) => [s.key, s.name])) as Record<StaffKey, string>;
  const [admin] = await rows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM accounts WHERE facility_id = ${facilityId} AND username = 'admin'`);
  const doctorRows = await rows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM doctors WHERE facility_id = ${facilityId} AND active`);
  const doctorId = new Map(doctorRows.map((d) => [d.code, d.id]));

  // ——— members: the account holder, or the parent an account follows; never a duplicate account ———
  // two plain reads joined here: before the seed's ANALYZE the planner nests index scans of every profile (1.4 s on PGlite)
  const accountsOf = new Map(
    (
      await rows<{ id: number; phone: string | null; createdAt: Date | string }>(
        tx,
        sql`SELECT id, phone, created_at AS "createdAt" FROM patient_users WHERE facility_id = ${facilityId} AND NOT locked AND merged_into_id IS NULL`,
      )
    ).map((u) => [u.id, u]),
  );
  const profiles = await rows<Omit<Candidate, 'accountPhone' | 'accountCreatedAt'>>(
    tx,
    sql`SELECT user_id AS "userId", id AS "profileId", relationship, patient_code AS "patientCode", full_name AS "fullName",
        birth_date::text AS "birthDate", gender, phone FROM medical_profiles WHERE facility_id = ${facilityId} AND relationship IN ('SELF', 'PARENT')`,
  );
  // a person with two accounts (the merge screen's duplicates) is left out
  const selfCount = new Map<string, number>();
  for (const x of profiles)
    if (x.relationship === 'SELF') selfCount.set(`${x.fullName}|${x.birthDate}`, (selfCount.get(`${x.fullName}|${x.birthDate}`) ?? 0) + 1);
  const candidates: Candidate[] = profiles
    .filter((x) => accountsOf.has(x.userId) && (selfCount.get(`${x.fullName}|${x.birthDate}`) ?? 0) < 2)
    .map((x) => ({ ...x, accountPhone: accountsOf.get(x.userId)!.phone, accountCreatedAt: accountsOf.get(x.userId)!.createdAt }))
    .sort((a, b) => a.userId - b.userId || a.profileId - b.profileId);
  const byUser = new Map<number, Candidate[]>();
  for (const c of candidates) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
  const users = [...byUser.keys()];
  for (let i = users.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [users[i], users[j]] = [users[j]!, users[i]!];
  }
  const left = { ...DEMO_CLINIC_QUOTAS };
  const ageOf = (c: Candidate) => year - Number(c.birthDate.slice(0, 4));
  const chosen: { c: Candidate; program: keyof typeof DEMO_CLINIC_QUOTAS }[] = [];
  const take = (c: Candidate, program: keyof typeof DEMO_CLINIC_QUOTAS) => {
    if (left[program] <= 0) return false;
    left[program] -= 1;
    chosen.push({ c, program });
    return true;
  };
  for (const u of users) {
    if (left.DIABETES + left.HYPERTENSION + left.PREGNANCY === 0) break;
    const list = byUser.get(u)!;
    const self = list.find((c) => c.relationship === 'SELF');
    const parent = list.find((c) => c.relationship === 'PARENT' && ageOf(c) >= 60);
    const r = rng();
    if (parent && r < 0.6) {
      if (take(parent, rng() < 0.6 ? 'HYPERTENSION' : 'DIABETES')) continue;
    }
    if (!self) continue;
    const age = ageOf(self);
    if (self.gender === 'FEMALE' && age >= 21 && age <= 40) {
      if (r < 0.3) take(self, 'PREGNANCY');
    } else if (age >= 50) {
      if (r < 0.5) take(self, rng() < 0.55 ? 'HYPERTENSION' : 'DIABETES');
    } else if (age >= 35 && r < 0.15) take(self, 'DIABETES');
  }

  const members: Member[] = chosen.map(({ c, program }) => {
    const created = new Date(c.accountCreatedAt).getTime();
    const span = program === 'PREGNANCY' ? 200 : 300;
    let enrolled = nowMs - (2 + rng() ** 0.8 * span) * DAY;
    if (enrolled < created + DAY) enrolled = created + DAY + rng() * Math.max(0, nowMs - created - 2 * DAY);
    enrolled = vnDay(enrolled) + (7.5 + rng() * 9) * HOUR;
    if (enrolled > nowMs - HOUR) enrolled = nowMs - HOUR - rng() * 6 * HOUR;
    const ageDays = (nowMs - enrolled) / DAY;
    let active = true;
    let reason: string | null = null;
    let deactivatedAt: number | null = null;
    if (program === 'PREGNANCY' && ageDays > 150 && rng() < 0.7) {
      deactivatedAt = enrolled + (140 + rng() * Math.min(60, ageDays - 145)) * DAY;
      const born = new Date(deactivatedAt - 3 * DAY + VN);
      reason = `Đã sinh con ngày ${String(born.getUTCDate()).padStart(2, '0')}/${String(born.getUTCMonth() + 1).padStart(2, '0')}/${born.getUTCFullYear()}, mẹ và bé khoẻ; kết thúc theo dõi thai kỳ.`;
      active = false;
    } else if (program !== 'PREGNANCY' && ageDays > 30 && rng() < 0.08) {
      deactivatedAt = enrolled + (20 + rng() * (ageDays - 25)) * DAY;
      reason = REASONS[Math.floor(rng() * REASONS.length)]!;
      active = false;
    }
    if (deactivatedAt !== null) deactivatedAt = Math.min(awake(deactivatedAt, rng), nowMs - HOUR);
    const d = rng();
    let acc = 0;
    const code =
      DOCTORS[program].find(([, share]) => {
        acc += share;
        return d < acc;
      })?.[0] ?? DOCTORS[program][0]![0];
    const notes = NOTES[program];
    return {
      ...c,
      program,
      age: ageOf(c),
      enrolledAt: enrolled,
      active,
      deactivatedAt,
      reason,
      doctorId: doctorId.get(code) ?? null,
      note: rng() < 0.35 ? notes[Math.floor(rng() * notes.length)]! : '',
      enrolledBy: rng() < 0.5 ? staffId.hoa : staffId[LEAD[program]],
    };
  });
  members.sort((a, b) => a.enrolledAt - b.enrolledAt);
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  await tx.execute(sql`INSERT INTO clinic_members (facility_id, user_id, medical_profile_id, program, active, deactivation_reason, deactivated_at, doctor_id,
        note, surveys, search_text, enrolled_at, enrolled_by, updated_at)
      SELECT ${facilityId}, t.u, t.pr, t.prog, t.a, t.r, t.da, t.d, t.n, t.s::jsonb, t.st, t.ea, t.eb, coalesce(t.da, t.ea)
      FROM unnest(${p(members.map((m) => m.userId))}::int[], ${p(members.map((m) => m.profileId))}::int[], ${p(members.map((m) => m.program))}::text[],
                  ${p(members.map((m) => m.active))}::bool[], ${p(members.map((m) => m.reason))}::text[], ${p(members.map((m) => iso(m.deactivatedAt)))}::timestamptz[],
                  ${p(members.map((m) => m.doctorId))}::int[], ${p(members.map((m) => m.note))}::text[],
                  ${p(members.map((m) => JSON.stringify(CLINIC_PROGRAM_SURVEYS[m.program as ClinicProgram])))}::text[],
                  ${p(members.map((m) => memberSearchText({ id: m.profileId, userId: m.userId, patientCode: m.patientCode, fullName: m.fullName, dateOfBirth: m.birthDate, gender: m.gender, phone: m.phone, accountPhone: m.accountPhone })))}::text[],
                  ${p(members.map((m) => iso(m.enrolledAt)))}::timestamptz[], ${p(members.map((m) => m.enrolledBy))}::int[])
        WITH ORDINALITY AS t(u, pr, prog, a, r, da, d, n, s, st, ea, eb, ord)
      ORDER BY t.ord`);

  // ——— conversations ———
  type Conv = {
    kind: 'GROUP' | 'DIRECT';
    name: string;
    description: string;
    program: string | null;
    createdAt: number;
    createdBy: number;
    staff: number[];
    users: Member[];
    adminUnread: number;
  };
  const convs: Conv[] = [];
  const msgs: Msg[] = [];
  const start = nowMs - 14 * DAY;
  const active = (program: string) => members.filter((m) => m.active && m.program === program);
  const speakers = (list: Member[]) => list.filter((m) => m.relationship === 'SELF');
  const used = new Set<number>();

  for (const g of GROUPS) {
    const pool = active(g.program);
    const users = g.share >= 1 ? pool : pool.filter((m) => m.relationship === 'SELF' && rng() < g.share);
    const gi = convs.length;
    const createdAt = vnDay(nowMs - g.createdDaysAgo * DAY) + 9 * HOUR;
    convs.push({
      kind: 'GROUP',
      name: g.name,
      description: g.description,
      program: g.program,
      createdAt,
      createdBy: admin?.id ?? staffId[LEAD[g.program]],
      staff: [...g.staff.map((k) => staffId[k]), ...(admin ? [admin.id] : [])],
      users,
      adminUnread: g.adminUnread,
    });
    const talk = speakers(users);
    if (talk.length < 2) continue;
    const pick = () => talk[Math.floor(rng() * talk.length)]!;
    const doctor = g.staff.find((k) => k !== 'hoa')!;
    const n = g.threads.length;
    // threads in a shuffled order, spread over the last two weeks, never overlapping
    const order = g.threads.map((th) => ({ th, k: rng() - (th.spam ? 0.3 : 0) })).sort((a, b) => a.k - b.k);
    let t = start;
    order.forEach(({ th }, i) => {
      t = awake(Math.max(t + 20 * MIN, start + (i + rng() * 0.6) * ((14 * DAY) / n)), rng);
      let m = pick();
      for (let k = 0; k < 5 && used.has(m.userId); k += 1) m = pick();
      used.add(m.userId);
      for (const [who, text, after] of th.lines) {
        if (after) t = awake(t + after * (0.7 + rng() * 0.6) * MIN, rng);
        let o = m;
        for (let k = 0; who === 'O' && o === m && k < 5; k += 1) o = pick();
        const base = { group: gi, t, hidden: Boolean(th.spam) && who === 'M' };
        if (who === 'M' || who === 'O') msgs.push({ ...base, accountId: null, userId: o.userId, name: o.fullName, text: fill(text, m, t, rng) });
        else {
          const key: StaffKey | null = who === 'D' ? doctor : who === 'N' ? 'hoa' : null;
          const id = key ? staffId[key] : admin!.id;
          msgs.push({ ...base, accountId: id, userId: null, name: key ? staffName[key] : admin!.name, text: fill(text, m, t, rng) });
        }
      }
    });
  }
  for (const d of DIRECTS) {
    const pool = speakers(active(d.program)).filter((m) => !used.has(m.userId));
    const m = pool[Math.floor(rng() * pool.length)];
    if (!m) continue;
    used.add(m.userId);
    const gi = convs.length;
    const staff = staffId[d.staff];
    let t = awake(start + (2 + rng() * 11.5) * DAY, rng);
    convs.push({
      kind: 'DIRECT',
      name: `${m.fullName} – ${staffName[d.staff]}`,
      description: '',
      program: null,
      createdAt: t - 2 * MIN,
      createdBy: staff,
      staff: [staff],
      users: [m],
      adminUnread: 0,
    });
    for (const [who, text, after] of d.lines) {
      if (after) t = awake(t + after * (0.7 + rng() * 0.6) * MIN, rng);
      msgs.push({
        group: gi,
        t,
        hidden: false,
        accountId: who === 'S' ? staff : null,
        userId: who === 'M' ? m.userId : null,
        name: who === 'S' ? staffName[d.staff] : m.fullName,
        text: fill(text, m, t, rng),
      });
    }
  }
  // the newest messages stay in the past, each a minute after the one before it in its conversation
  msgs.sort((a, b) => a.t - b.t);
  let limit = nowMs - 3 * MIN;
  for (let i = msgs.length - 1; i >= 0; i -= 1) {
    msgs[i]!.t = Math.min(msgs[i]!.t, limit);
    limit = msgs[i]!.t - 30_000;
  }

  const groupIds = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO clinic_chat_groups (facility_id, kind, name, description, program, search_text, created_by, created_at)
      SELECT ${facilityId}, t.k, t.n, t.d, t.p, t.s, t.cb, t.ca
      FROM unnest(${p(convs.map((c) => c.kind))}::text[], ${p(convs.map((c) => c.name))}::text[], ${p(convs.map((c) => c.description))}::text[],
                  ${p(convs.map((c) => c.program))}::text[], ${p(convs.map((c) => normalizeText(`${c.name} ${c.description}`)))}::text[],
                  ${p(convs.map((c) => c.createdBy))}::int[], ${p(convs.map((c) => iso(c.createdAt)))}::timestamptz[]) WITH ORDINALITY AS t(k, n, d, p, s, cb, ca, ord)
      ORDER BY t.ord RETURNING id`,
  );
  const gid = groupIds.map((g) => Number(g.id));
  // oldest first: ids grow with time, within a conversation and across them
  const msgIds = (
    await rows<{ id: number }>(
      tx,
      sql`INSERT INTO clinic_chat_messages (facility_id, group_id, sender_account_id, sender_user_id, sender_name, text, hidden, hidden_by, hidden_at, created_at)
        SELECT ${facilityId}, t.g, t.a, t.u, t.n, t.x, t.h, CASE WHEN t.h THEN ${admin?.id ?? null}::int END, CASE WHEN t.h THEN t.c + interval '7 minutes' END, t.c
        FROM unnest(${p(msgs.map((m) => gid[m.group]!))}::int[], ${p(msgs.map((m) => m.accountId))}::int[], ${p(msgs.map((m) => m.userId))}::int[],
                    ${p(msgs.map((m) => m.name))}::text[], ${p(msgs.map((m) => m.text))}::text[], ${p(msgs.map((m) => m.hidden && !!admin))}::bool[],
                    ${p(msgs.map((m) => iso(m.t)))}::timestamptz[]) WITH ORDINALITY AS t(g, a, u, n, x, h, c, ord)
        ORDER BY t.ord RETURNING id::int AS id`,
    )
  ).map((r) => Number(r.id));

  // read marks: staff have read their conversations (the admin all but a few), members up to some day; never before their own last message
  const part = { g: [] as number[], a: [] as (number | null)[], u: [] as (number | null)[], mark: [] as number[], joined: [] as string[] };
  convs.forEach((c, gi) => {
    const mine = msgs.map((m, i) => ({ m, id: msgIds[i]! })).filter((x) => x.m.group === gi);
    const lastOf = (f: (m: Msg) => boolean) => mine.filter((x) => f(x.m)).at(-1)?.id ?? 0;
    const newest = mine.at(-1)?.id ?? 0;
    for (const a of c.staff) {
      let mark = newest;
      if (a === admin?.id && c.adminUnread) {
        // the admin's unread are the last messages others sent
        const others = mine.filter((x) => x.m.accountId !== a);
        mark = others.at(-c.adminUnread - 1)?.id ?? 0;
      } else if (c.kind === 'GROUP' && rng() < 0.4 && a !== admin?.id) {
        // another staff member is one message behind (the admin's unread are exactly adminUnread, whatever the hour)
        mark = mine.at(-2)?.id ?? 0;
      }
      part.g.push(gid[gi]!);
      part.a.push(a);
      part.u.push(null);
      part.mark.push(
        Math.max(
          mark,
          lastOf((m) => m.accountId === a),
        ),
      );
      part.joined.push(iso(c.createdAt)!);
    }
    for (const m of c.users) {
      const r = rng();
      const seenUntil = r < 0.2 ? 0 : r < 0.6 ? nowMs : start + rng() * 14 * DAY;
      const mark = mine.filter((x) => x.m.t <= seenUntil).at(-1)?.id ?? 0;
      part.g.push(gid[gi]!);
      part.a.push(null);
      part.u.push(m.userId);
      part.mark.push(
        Math.max(
          mark,
          lastOf((x) => x.userId === m.userId),
        ),
      );
      part.joined.push(iso(Math.max(c.createdAt, m.enrolledAt + HOUR))!);
    }
  });
  await tx.execute(sql`INSERT INTO clinic_chat_participants (facility_id, group_id, account_id, user_id, last_read_message_id, joined_at)
    SELECT ${facilityId}, * FROM unnest(${p(part.g)}::int[], ${p(part.a)}::int[], ${p(part.u)}::int[], ${p(part.mark)}::bigint[], ${p(part.joined)}::timestamptz[])`);
  // each conversation's last message and its count, as insertMessage and addParticipants keep them
  await tx.execute(sql`UPDATE clinic_chat_groups g SET last_message_id = m.id, last_message_at = m.created_at,
      last_message_preview = m.sender_name || ': ' || left(m.text, 120),
      member_count = (SELECT count(*) FROM clinic_chat_participants cp WHERE cp.facility_id = g.facility_id AND cp.group_id = g.id)
    FROM (SELECT DISTINCT ON (group_id) group_id, id, created_at, sender_name, text FROM clinic_chat_messages
          WHERE facility_id = ${facilityId} ORDER BY group_id, id DESC) m
    WHERE g.facility_id = ${facilityId} AND g.id = m.group_id`);
  return { members: members.length, groups: convs.length, messages: msgs.length };
}
