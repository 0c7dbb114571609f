import { and, eq, inArray } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { Executor } from '../../core/db';
import { departments, doctorRooms, doctorSpecialties, doctors, doctorWorkHistory, rooms, specialties } from '../schema';

type Period = [from: string, to: string | null, place: string, position: string];
export interface DemoDoctor {
  code: string;
  name: string;
  gender: 'MALE' | 'FEMALE';
  dob: string;
  title: 'GS' | 'PGS' | null;
  degree: 'TS' | 'THS' | 'BSCKII' | 'BSCKI' | 'BSNT' | 'BS';
  position: string | null;
  dept: string;
  specs: string[];
  rooms: string[];
  bio: string;
  history: Period[];
}

const AP = 'Bệnh viện Đa khoa An Phúc';
const BM = 'Bệnh viện Bạch Mai';
const CR = 'Bệnh viện Chợ Rẫy';
const VD = 'Bệnh viện Hữu nghị Việt Đức';
const Q108 = 'Bệnh viện Trung ương Quân đội 108';
const NHI = 'Bệnh viện Nhi Trung ương';
const PS = 'Bệnh viện Phụ sản Trung ương';
const DHY = 'Bệnh viện Đại học Y Hà Nội';
const TN = 'Bệnh viện Thanh Nhàn';
const E = 'Bệnh viện E';

/** The demo hospital's doctors: departments, specialties and rooms by code (seed/demo-catalog.ts). */
export const DEMO_DOCTORS: readonly DemoDoctor[] = [
  {
    code: 'BS001',
    name: 'Trần Văn Minh',
    gender: 'MALE',
    dob: '1966-04-12',
    title: 'PGS',
    degree: 'TS',
    position: 'Giám đốc bệnh viện',
    dept: 'KTM',
    specs: ['TIMMACH', 'NOI'],
    rooms: ['P103'],
    bio: 'Hơn 30 năm điều trị bệnh tim mạch, chuyên sâu can thiệp mạch vành và suy tim.',
    history: [
      ['1990-09', '2008-12', BM, 'Bác sĩ Viện Tim mạch Việt Nam'],
      ['2009-01', '2015-06', BM, 'Phó viện trưởng Viện Tim mạch'],
      ['2015-07', null, AP, 'Giám đốc bệnh viện'],
    ],
  },
  {
    code: 'BS002',
    name: 'Nguyễn Thị Lan',
    gender: 'FEMALE',
    dob: '1972-08-03',
    title: null,
    degree: 'TS',
    position: 'Trưởng khoa Phụ sản',
    dept: 'KSAN',
    specs: ['SANPHU'],
    rooms: ['P202', 'P203'],
    bio: 'Chuyên gia sản khoa, theo dõi thai kỳ nguy cơ cao và siêu âm thai.',
    history: [
      ['1997-10', '2012-03', PS, 'Bác sĩ khoa Sản bệnh'],
      ['2012-04', null, AP, 'Trưởng khoa Phụ sản'],
    ],
  },
  {
    code: 'BS003',
    name: 'Lê Quốc Hùng',
    gender: 'MALE',
    dob: '1970-01-25',
    title: null,
    degree: 'BSCKII',
    position: 'Trưởng khoa Ngoại tổng hợp',
    dept: 'KNGOAI',
    specs: ['NGOAI', 'TIEUHOA'],
    rooms: ['P201'],
    bio: 'Phẫu thuật nội soi tiêu hoá – gan mật, hơn 5.000 ca mổ.',
    history: [
      ['1995-09', '2010-12', VD, 'Phẫu thuật viên khoa Phẫu thuật tiêu hoá'],
      ['2011-01', null, AP, 'Trưởng khoa Ngoại tổng hợp'],
    ],
  },
  {
    code: 'BS004',
    name: 'Phạm Thu Trang',
    gender: 'FEMALE',
    dob: '1984-11-19',
    title: null,
    degree: 'THS',
    position: 'Phó trưởng khoa Nhi',
    dept: 'KNHI',
    specs: ['NHI', 'DINHDUONG'],
    rooms: ['P204'],
    bio: 'Nhi khoa tổng quát, hô hấp và dinh dưỡng trẻ em.',
    history: [
      ['2009-09', '2016-08', NHI, 'Bác sĩ khoa Hô hấp'],
      ['2016-09', null, AP, 'Phó trưởng khoa Nhi'],
    ],
  },
  {
    code: 'BS005',
    name: 'Đặng Hoàng Nam',
    gender: 'MALE',
    dob: '1962-06-30',
    title: 'GS',
    degree: 'TS',
    position: 'Cố vấn chuyên môn',
    dept: 'KNOI',
    specs: ['NOITIET', 'NOI'],
    rooms: ['P106'],
    bio: 'Giáo sư Nội tiết – Đái tháo đường, giảng viên Trường Đại học Y Hà Nội.',
    history: [
      ['1986-09', '2005-12', BM, 'Bác sĩ khoa Nội tiết – Đái tháo đường'],
      ['2006-01', '2020-12', DHY, 'Trưởng khoa Nội tiết'],
      ['2021-01', null, AP, 'Cố vấn chuyên môn'],
    ],
  },
  {
    code: 'BS006',
    name: 'Vũ Thị Hồng Nhung',
    gender: 'FEMALE',
    dob: '1979-03-14',
    title: null,
    degree: 'BSCKII',
    position: 'Trưởng khoa Nội tổng hợp',
    dept: 'KNOI',
    specs: ['NOI', 'HOHAP'],
    rooms: ['P105', 'P101'],
    bio: 'Nội khoa người lớn, bệnh phổi tắc nghẽn mạn tính và hen phế quản.',
    history: [
      ['2003-09', '2013-05', BM, 'Bác sĩ Trung tâm Hô hấp'],
      ['2013-06', null, AP, 'Trưởng khoa Nội tổng hợp'],
    ],
  },
  {
    code: 'BS007',
    name: 'Hoàng Đức Thắng',
    gender: 'MALE',
    dob: '1975-09-09',
    title: 'PGS',
    degree: 'TS',
    position: 'Trưởng khoa Tiêu hoá',
    dept: 'KTH',
    specs: ['TIEUHOA'],
    rooms: ['P104'],
    bio: 'Nội soi can thiệp tiêu hoá, điều trị viêm gan virus và xơ gan.',
    history: [
      ['1999-09', '2014-12', CR, 'Bác sĩ khoa Nội tiêu hoá'],
      ['2015-01', null, AP, 'Trưởng khoa Tiêu hoá'],
    ],
  },
  {
    code: 'BS008',
    name: 'Bùi Thị Mai Anh',
    gender: 'FEMALE',
    dob: '1988-02-21',
    title: null,
    degree: 'BSNT',
    position: null,
    dept: 'KTM',
    specs: ['TIMMACH'],
    rooms: ['P103'],
    bio: 'Siêu âm tim, theo dõi tăng huyết áp và rối loạn nhịp.',
    history: [
      ['2012-09', '2015-08', BM, 'Bác sĩ nội trú Viện Tim mạch'],
      ['2015-09', null, AP, 'Bác sĩ khoa Tim mạch'],
    ],
  },
  {
    code: 'BS009',
    name: 'Ngô Văn Tuấn',
    gender: 'MALE',
    dob: '1981-12-02',
    title: null,
    degree: 'BSCKI',
    position: 'Phó trưởng khoa Chấn thương chỉnh hình',
    dept: 'KCTCH',
    specs: ['COXUONGKHOP', 'NGOAI'],
    rooms: ['P108'],
    bio: 'Phẫu thuật nội soi khớp gối, khớp vai; điều trị gãy xương.',
    history: [
      ['2006-09', '2014-10', VD, 'Bác sĩ khoa Chấn thương chỉnh hình'],
      ['2014-11', null, AP, 'Phó trưởng khoa'],
    ],
  },
  {
    code: 'BS010',
    name: 'Đỗ Thị Thanh Hương',
    gender: 'FEMALE',
    dob: '1977-07-17',
    title: null,
    degree: 'THS',
    position: 'Trưởng khoa Tai Mũi Họng',
    dept: 'KTMH',
    specs: ['TMH'],
    rooms: ['P206'],
    bio: 'Nội soi tai mũi họng, phẫu thuật xoang và amidan.',
    history: [
      ['2001-09', '2011-12', 'Bệnh viện Tai Mũi Họng Trung ương', 'Bác sĩ khoa Mũi xoang'],
      ['2012-01', null, AP, 'Trưởng khoa Tai Mũi Họng'],
    ],
  },
  {
    code: 'BS011',
    name: 'Trịnh Minh Khoa',
    gender: 'MALE',
    dob: '1983-05-28',
    title: null,
    degree: 'BSCKI',
    position: null,
    dept: 'KRHM',
    specs: ['RHM'],
    rooms: ['P207'],
    bio: 'Nha khoa tổng quát, phục hình và cấy ghép implant.',
    history: [
      ['2008-09', '2016-03', 'Bệnh viện Răng Hàm Mặt Trung ương Hà Nội', 'Bác sĩ khoa Phục hình'],
      ['2016-04', null, AP, 'Bác sĩ khoa Răng Hàm Mặt'],
    ],
  },
  {
    code: 'BS012',
    name: 'Lý Thị Ngọc Bích',
    gender: 'FEMALE',
    dob: '1980-10-10',
    title: null,
    degree: 'BSCKII',
    position: 'Trưởng khoa Mắt',
    dept: 'KMAT',
    specs: ['MAT'],
    rooms: ['P208'],
    bio: 'Phẫu thuật đục thuỷ tinh thể (Phaco), điều trị glôcôm.',
    history: [
      ['2004-09', '2013-08', 'Bệnh viện Mắt Trung ương', 'Bác sĩ khoa Glôcôm'],
      ['2013-09', null, AP, 'Trưởng khoa Mắt'],
    ],
  },
  {
    code: 'BS013',
    name: 'Phan Văn Long',
    gender: 'MALE',
    dob: '1974-04-04',
    title: null,
    degree: 'BSCKII',
    position: 'Trưởng khoa Cấp cứu',
    dept: 'KCC',
    specs: ['NOI'],
    rooms: ['CC01'],
    bio: 'Hồi sức cấp cứu, xử trí đa chấn thương và ngộ độc.',
    history: [
      ['1998-09', '2012-06', CR, 'Bác sĩ khoa Cấp cứu'],
      ['2012-07', null, AP, 'Trưởng khoa Cấp cứu'],
    ],
  },
  {
    code: 'BS014',
    name: 'Nguyễn Thị Thu Hà',
    gender: 'FEMALE',
    dob: '1986-09-23',
    title: null,
    degree: 'THS',
    position: null,
    dept: 'KDL',
    specs: ['DALIEU'],
    rooms: ['P209'],
    bio: 'Bệnh da, mụn trứng cá, viêm da cơ địa, da liễu thẩm mỹ.',
    history: [
      ['2011-09', '2018-12', 'Bệnh viện Da liễu Trung ương', 'Bác sĩ khoa Điều trị ban ngày'],
      ['2019-01', null, AP, 'Bác sĩ khoa Da liễu'],
    ],
  },
  {
    code: 'BS015',
    name: 'Cao Xuân Đức',
    gender: 'MALE',
    dob: '1969-02-16',
    title: null,
    degree: 'BSCKII',
    position: 'Trưởng khoa Y học cổ truyền',
    dept: 'KYHCT',
    specs: ['YHCT', 'COXUONGKHOP'],
    rooms: ['P210'],
    bio: 'Châm cứu, xoa bóp bấm huyệt, điều trị đau cột sống.',
    history: [
      ['1993-09', '2009-12', 'Bệnh viện Y học cổ truyền Trung ương', 'Bác sĩ khoa Châm cứu'],
      ['2010-01', null, AP, 'Trưởng khoa Y học cổ truyền'],
    ],
  },
  {
    code: 'BS016',
    name: 'Tạ Thị Kim Oanh',
    gender: 'FEMALE',
    dob: '1990-12-08',
    title: null,
    degree: 'BS',
    position: null,
    dept: 'KKB',
    specs: ['NOI'],
    rooms: ['P101', 'P102'],
    bio: 'Khám nội tổng quát, quản lý bệnh mạn tính ngoại trú.',
    history: [
      ['2015-09', '2019-06', TN, 'Bác sĩ khoa Khám bệnh'],
      ['2019-07', null, AP, 'Bác sĩ khoa Khám bệnh'],
    ],
  },
  {
    code: 'BS017',
    name: 'Dương Quang Huy',
    gender: 'MALE',
    dob: '1978-08-27',
    title: null,
    degree: 'TS',
    position: 'Trưởng khoa Thần kinh',
    dept: 'KNOI',
    specs: ['THANKINH'],
    rooms: ['P107'],
    bio: 'Đột quỵ não, đau đầu mạn tính, rối loạn giấc ngủ.',
    history: [
      ['2002-09', '2016-05', Q108, 'Bác sĩ khoa Thần kinh'],
      ['2016-06', null, AP, 'Phụ trách chuyên khoa Thần kinh'],
    ],
  },
  {
    code: 'BS018',
    name: 'Hà Thị Phương',
    gender: 'FEMALE',
    dob: '1985-06-12',
    title: null,
    degree: 'BSCKI',
    position: null,
    dept: 'KSAN',
    specs: ['SANPHU'],
    rooms: ['P202'],
    bio: 'Khám thai định kỳ, tư vấn tiền sản và kế hoạch hoá gia đình.',
    history: [
      ['2010-09', '2017-12', PS, 'Bác sĩ khoa Khám bệnh'],
      ['2018-01', null, AP, 'Bác sĩ khoa Phụ sản'],
    ],
  },
  {
    code: 'BS019',
    name: 'Mai Văn Quyết',
    gender: 'MALE',
    dob: '1987-01-05',
    title: null,
    degree: 'BSNT',
    position: null,
    dept: 'KNGOAI',
    specs: ['NGOAI'],
    rooms: ['P201'],
    bio: 'Ngoại tổng quát, tiết niệu, phẫu thuật trong ngày.',
    history: [
      ['2011-09', '2014-08', VD, 'Bác sĩ nội trú ngoại khoa'],
      ['2014-09', null, AP, 'Bác sĩ khoa Ngoại tổng hợp'],
    ],
  },
  {
    code: 'BS020',
    name: 'Lưu Thị Hải Yến',
    gender: 'FEMALE',
    dob: '1991-04-30',
    title: null,
    degree: 'BS',
    position: null,
    dept: 'KNHI',
    specs: ['NHI'],
    rooms: ['P205'],
    bio: 'Khám trẻ em, tiêm chủng và theo dõi phát triển.',
    history: [['2016-09', null, AP, 'Bác sĩ khoa Nhi']],
  },
  {
    code: 'BS021',
    name: 'Đinh Công Sơn',
    gender: 'MALE',
    dob: '1976-11-11',
    title: null,
    degree: 'THS',
    position: 'Trưởng khoa Chẩn đoán hình ảnh',
    dept: 'KCDHA',
    specs: ['NOI'],
    rooms: ['SA01', 'XQ01', 'CT01'],
    bio: 'Siêu âm tổng quát, đọc phim CT và X-quang.',
    history: [
      ['2000-09', '2012-02', BM, 'Bác sĩ Trung tâm Điện quang'],
      ['2012-03', null, AP, 'Trưởng khoa Chẩn đoán hình ảnh'],
    ],
  },
  {
    code: 'BS022',
    name: 'Kiều Thị Thanh Tâm',
    gender: 'FEMALE',
    dob: '1982-03-03',
    title: null,
    degree: 'THS',
    position: 'Trưởng khoa Xét nghiệm',
    dept: 'KXN',
    specs: ['NOI'],
    rooms: ['XN01'],
    bio: 'Huyết học, hoá sinh lâm sàng, kiểm soát chất lượng xét nghiệm.',
    history: [
      ['2006-09', '2015-12', E, 'Bác sĩ khoa Huyết học'],
      ['2016-01', null, AP, 'Trưởng khoa Xét nghiệm'],
    ],
  },
  {
    code: 'BS023',
    name: 'Tô Minh Hiếu',
    gender: 'MALE',
    dob: '1989-07-07',
    title: null,
    degree: 'BS',
    position: null,
    dept: 'KCC',
    specs: ['NOI'],
    rooms: ['CC01'],
    bio: 'Cấp cứu nội khoa, hồi sức ban đầu.',
    history: [
      ['2014-09', '2018-06', CR, 'Bác sĩ khoa Cấp cứu'],
      ['2018-07', null, AP, 'Bác sĩ khoa Cấp cứu'],
    ],
  },
  {
    code: 'BS024',
    name: 'Quách Thị Lệ',
    gender: 'FEMALE',
    dob: '1973-05-19',
    title: 'PGS',
    degree: 'TS',
    position: 'Phó giám đốc bệnh viện',
    dept: 'KNOI',
    specs: ['HOHAP', 'NOI'],
    rooms: ['P105'],
    bio: 'Bệnh phổi, lao và bệnh phổi kẽ; giảng viên kiêm nhiệm.',
    history: [
      ['1997-09', '2010-08', BM, 'Bác sĩ Trung tâm Hô hấp'],
      ['2010-09', '2018-12', DHY, 'Phó trưởng khoa Nội hô hấp'],
      ['2019-01', null, AP, 'Phó giám đốc bệnh viện'],
    ],
  },
  {
    code: 'BS025',
    name: 'Võ Thành Công',
    gender: 'MALE',
    dob: '1980-09-29',
    title: null,
    degree: 'BSCKI',
    position: null,
    dept: 'KTM',
    specs: ['TIMMACH'],
    rooms: ['P103'],
    bio: 'Điện tâm đồ, Holter, nghiệm pháp gắng sức.',
    history: [
      ['2005-09', '2013-07', 'Bệnh viện Thống Nhất', 'Bác sĩ khoa Tim mạch'],
      ['2013-08', null, AP, 'Bác sĩ khoa Tim mạch'],
    ],
  },
  {
    code: 'BS026',
    name: 'Nguyễn Hữu Phước',
    gender: 'MALE',
    dob: '1984-12-24',
    title: null,
    degree: 'THS',
    position: null,
    dept: 'KTH',
    specs: ['TIEUHOA', 'DINHDUONG'],
    rooms: ['P104'],
    bio: 'Nội soi dạ dày – đại tràng không đau, tư vấn dinh dưỡng bệnh tiêu hoá.',
    history: [
      ['2009-09', '2017-04', CR, 'Bác sĩ khoa Nội soi'],
      ['2017-05', null, AP, 'Bác sĩ khoa Tiêu hoá'],
    ],
  },
  {
    code: 'BS027',
    name: 'Trương Thị Diệu Linh',
    gender: 'FEMALE',
    dob: '1992-08-15',
    title: null,
    degree: 'BS',
    position: null,
    dept: 'KMAT',
    specs: ['MAT'],
    rooms: ['P208'],
    bio: 'Đo khúc xạ, khám mắt trẻ em, cận thị học đường.',
    history: [['2017-09', null, AP, 'Bác sĩ khoa Mắt']],
  },
  {
    code: 'BS028',
    name: 'Lâm Văn Bình',
    gender: 'MALE',
    dob: '1965-10-01',
    title: null,
    degree: 'BSCKII',
    position: null,
    dept: 'KYHCT',
    specs: ['YHCT'],
    rooms: ['P210'],
    bio: 'Đông y, thuốc thang, điều trị bệnh mạn tính bằng y học cổ truyền.',
    history: [
      ['1989-09', '2019-12', 'Bệnh viện Y học cổ truyền Trung ương', 'Bác sĩ khoa Nội'],
      ['2020-01', null, AP, 'Bác sĩ khoa Y học cổ truyền'],
    ],
  },
  {
    code: 'BS029',
    name: 'Phùng Thị Ánh Dương',
    gender: 'FEMALE',
    dob: '1987-03-27',
    title: null,
    degree: 'THS',
    position: null,
    dept: 'KNOI',
    specs: ['DINHDUONG', 'NOITIET'],
    rooms: ['P211', 'P106'],
    bio: 'Dinh dưỡng lâm sàng, chế độ ăn cho người đái tháo đường.',
    history: [
      ['2012-09', '2019-08', 'Bệnh viện Nội tiết Trung ương', 'Bác sĩ khoa Dinh dưỡng'],
      ['2019-09', null, AP, 'Bác sĩ Phòng tư vấn dinh dưỡng'],
    ],
  },
  {
    code: 'BS030',
    name: 'Hồ Sỹ Toàn',
    gender: 'MALE',
    dob: '1958-02-02',
    title: null,
    degree: 'BSCKII',
    position: 'Nguyên trưởng khoa Ngoại',
    dept: 'KNGOAI',
    specs: ['NGOAI'],
    rooms: ['P201'],
    bio: 'Đã nghỉ hưu; giữ lại trong danh sách để tra cứu lịch sử khám.',
    history: [
      ['1983-09', '2008-12', VD, 'Phẫu thuật viên'],
      ['2009-01', '2018-02', AP, 'Trưởng khoa Ngoại tổng hợp'],
    ],
  },
];

/** Inactive in the demo: a retired doctor, to show the state filter. */
const RETIRED = new Set(['BS030']);

const ASCII = (s: string) => normalizeText(s).replace(/[^a-z ]/g, '');

/** Seeds the demo doctors (`list`, default the hospital's) of a facility whose departments, specialties and rooms are already seeded. */
export async function seedDemoDoctors(
  tx: Executor,
  facilityId: number,
  list: readonly DemoDoctor[] = DEMO_DOCTORS,
  emailDomain = 'benhvienanphuc.vn',
): Promise<number> {
  const byCode = async (t: typeof departments | typeof specialties | typeof rooms, codes: string[]) => {
    const rows = await tx
      .select({ id: t.id, code: t.code })
      .from(t)
      .where(and(eq(t.facilityId, facilityId), inArray(t.code, codes)));
    return new Map(rows.map((r) => [r.code, r.id]));
  };
  const dept = await byCode(departments, [...new Set(list.map((d) => d.dept))]);
  const spec = await byCode(specialties, [...new Set(list.flatMap((d) => d.specs))]);
  const room = await byCode(rooms, [...new Set(list.flatMap((d) => d.rooms))]);
  const need = (m: Map<string, number>, code: string) => {
    const id = m.get(code);
    if (!id) throw new Error(`demo doctors: no catalogue row with code ${code}`);
    return id;
  };

  for (const [i, d] of list.entries()) {
    const words = ASCII(d.name).split(' ');
    const email = `${words[words.length - 1]}.${words
      .slice(0, -1)
      .map((w) => w[0])
      .join('')}@${emailDomain}`;
    const phone = `09${String(12_345_678 + i * 7_654_321)
      .slice(-8)
      .replace(/(\d{2})(\d{3})(\d{3})/, '$1 $2 $3')}`;
    const [row] = await tx
      .insert(doctors)
      .values({
        facilityId,
        code: d.code,
        name: d.name,
        gender: d.gender,
        dateOfBirth: d.dob,
        academicTitle: d.title,
        degree: d.degree,
        position: d.position,
        phone,
        email,
        biography: d.bio,
        departmentId: need(dept, d.dept),
        searchText: normalizeText(
          [d.code, doctorDisplayName({ name: d.name, academicTitle: d.title, degree: d.degree }), d.position, phone.replace(/\D/g, '')]
            .filter(Boolean)
            .join(' '),
        ),
        active: !RETIRED.has(d.code),
      })
      .returning({ id: doctors.id });
    const doctorId = row!.id;
    await tx.insert(doctorSpecialties).values(d.specs.map((c) => ({ doctorId, specialtyId: need(spec, c) })));
    await tx.insert(doctorRooms).values(d.rooms.map((c) => ({ doctorId, roomId: need(room, c) })));
    await tx
      .insert(doctorWorkHistory)
      .values(d.history.map(([from, to, place, position], k) => ({ doctorId, fromMonth: from, toMonth: to, place, position, sortOrder: k })));
  }
  return list.length;
}
