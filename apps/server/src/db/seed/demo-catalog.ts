import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Executor } from '../../core/db';
import { departments, rooms, specialties } from '../schema';

/** Departments (khoa) of a Vietnamese general hospital: code, name, description. */
export const DEMO_DEPARTMENTS: readonly [string, string, string][] = [
  ['KKB', 'Khoa Khám bệnh', 'Tiếp đón, khám ban đầu và chỉ định cận lâm sàng'],
  ['KCC', 'Khoa Cấp cứu', 'Cấp cứu 24/7'],
  ['KNOI', 'Khoa Nội tổng hợp', 'Khám và điều trị nội khoa người lớn'],
  ['KTM', 'Khoa Tim mạch', 'Tim mạch, tăng huyết áp, rối loạn nhịp'],
  ['KTH', 'Khoa Tiêu hoá', 'Nội soi và điều trị bệnh tiêu hoá – gan mật'],
  ['KNGOAI', 'Khoa Ngoại tổng hợp', 'Phẫu thuật tiêu hoá, gan mật, tiết niệu'],
  ['KCTCH', 'Khoa Chấn thương chỉnh hình', 'Chấn thương, cơ xương khớp'],
  ['KSAN', 'Khoa Phụ sản', 'Khám thai, sản khoa, phụ khoa'],
  ['KNHI', 'Khoa Nhi', 'Khám và điều trị trẻ em dưới 16 tuổi'],
  ['KTMH', 'Khoa Tai Mũi Họng', 'Tai, mũi, họng và nội soi TMH'],
  ['KRHM', 'Khoa Răng Hàm Mặt', 'Nha khoa tổng quát và phẫu thuật hàm mặt'],
  ['KMAT', 'Khoa Mắt', 'Khám mắt, đo khúc xạ, phẫu thuật mắt'],
  ['KDL', 'Khoa Da liễu', 'Bệnh da, da liễu thẩm mỹ'],
  ['KXN', 'Khoa Xét nghiệm', 'Huyết học, hoá sinh, vi sinh'],
  ['KCDHA', 'Khoa Chẩn đoán hình ảnh', 'X-quang, siêu âm, CT, MRI'],
  ['KYHCT', 'Khoa Y học cổ truyền', 'Châm cứu, xoa bóp bấm huyệt, phục hồi chức năng'],
];

/** Specialties (chuyên khoa) patients book by. */
export const DEMO_SPECIALTIES: readonly [string, string, string][] = [
  ['NOI', 'Nội khoa', 'Bệnh nội khoa người lớn'],
  ['TIMMACH', 'Tim mạch', 'Tăng huyết áp, bệnh mạch vành, suy tim'],
  ['TIEUHOA', 'Tiêu hoá – Gan mật', 'Dạ dày, đại tràng, gan, mật'],
  ['HOHAP', 'Hô hấp', 'Hen, COPD, viêm phổi'],
  ['NOITIET', 'Nội tiết – Đái tháo đường', 'Tiểu đường, tuyến giáp'],
  ['THANKINH', 'Thần kinh', 'Đau đầu, mất ngủ, tai biến mạch máu não'],
  ['COXUONGKHOP', 'Cơ xương khớp', 'Thoái hoá khớp, gút, loãng xương'],
  ['NGOAI', 'Ngoại khoa', 'Ngoại tổng quát'],
  ['SANPHU', 'Sản phụ khoa', 'Khám thai, phụ khoa'],
  ['NHI', 'Nhi khoa', 'Khám trẻ em'],
  ['TMH', 'Tai Mũi Họng', 'Tai, mũi, họng'],
  ['RHM', 'Răng Hàm Mặt', 'Nha khoa'],
  ['MAT', 'Mắt', 'Nhãn khoa'],
  ['DALIEU', 'Da liễu', 'Bệnh về da'],
  ['YHCT', 'Y học cổ truyền', 'Đông y, châm cứu'],
  ['DINHDUONG', 'Dinh dưỡng', 'Tư vấn dinh dưỡng'],
];

/** Rooms (phòng khám): code, name, department code, specialty code. */
export const DEMO_ROOMS: readonly [string, string, string, string | null][] = [
  ['P101', 'Phòng khám Nội 101', 'KKB', 'NOI'],
  ['P102', 'Phòng khám Nội 102', 'KKB', 'NOI'],
  ['P103', 'Phòng khám Tim mạch 103', 'KTM', 'TIMMACH'],
  ['P104', 'Phòng khám Tiêu hoá 104', 'KTH', 'TIEUHOA'],
  ['P105', 'Phòng khám Hô hấp 105', 'KNOI', 'HOHAP'],
  ['P106', 'Phòng khám Nội tiết 106', 'KNOI', 'NOITIET'],
  ['P107', 'Phòng khám Thần kinh 107', 'KNOI', 'THANKINH'],
  ['P108', 'Phòng khám Cơ xương khớp 108', 'KCTCH', 'COXUONGKHOP'],
  ['P201', 'Phòng khám Ngoại 201', 'KNGOAI', 'NGOAI'],
  ['P202', 'Phòng khám Sản 202', 'KSAN', 'SANPHU'],
  ['P203', 'Phòng khám Phụ khoa 203', 'KSAN', 'SANPHU'],
  ['P204', 'Phòng khám Nhi 204', 'KNHI', 'NHI'],
  ['P205', 'Phòng khám Nhi 205', 'KNHI', 'NHI'],
  ['P206', 'Phòng khám Tai Mũi Họng 206', 'KTMH', 'TMH'],
  ['P207', 'Phòng khám Răng Hàm Mặt 207', 'KRHM', 'RHM'],
  ['P208', 'Phòng khám Mắt 208', 'KMAT', 'MAT'],
  ['P209', 'Phòng khám Da liễu 209', 'KDL', 'DALIEU'],
  ['P210', 'Phòng khám Y học cổ truyền 210', 'KYHCT', 'YHCT'],
  ['P211', 'Phòng tư vấn Dinh dưỡng 211', 'KNOI', 'DINHDUONG'],
  ['CC01', 'Phòng cấp cứu 01', 'KCC', null],
  ['XN01', 'Phòng lấy mẫu xét nghiệm', 'KXN', null],
  ['SA01', 'Phòng siêu âm 01', 'KCDHA', null],
  ['XQ01', 'Phòng chụp X-quang', 'KCDHA', null],
  ['CT01', 'Phòng chụp cắt lớp vi tính', 'KCDHA', null],
];

/** Which of the demo departments, specialties and rooms a facility gets, by code (default: all). */
export interface DemoCatalogPick {
  departments: readonly string[];
  specialties: readonly string[];
  rooms: readonly string[];
}

/** Seeds the demo departments, specialties and rooms of a facility (all, or those `pick` names); returns their ids by code. */
export async function seedDemoCatalog(tx: Executor, facilityId: number, pick?: DemoCatalogPick) {
  const only = <T extends readonly unknown[]>(list: readonly T[], codes?: readonly string[]) =>
    codes ? list.filter((x) => codes.includes(x[0] as string)) : list;
  const row = ([code, name, description]: readonly [string, string, string]) => ({
    facilityId,
    code,
    name,
    description,
    searchText: normalizeText(`${code} ${name}`),
  });
  const dept = await tx
    .insert(departments)
    .values(only(DEMO_DEPARTMENTS, pick?.departments).map(row))
    .returning({ id: departments.id, code: departments.code });
  const spec = await tx
    .insert(specialties)
    .values(only(DEMO_SPECIALTIES, pick?.specialties).map(row))
    .returning({ id: specialties.id, code: specialties.code });
  const deptId = new Map(dept.map((d) => [d.code, d.id]));
  const specId = new Map(spec.map((s) => [s.code, s.id]));
  const roomRows = await tx
    .insert(rooms)
    .values(
      only(DEMO_ROOMS, pick?.rooms).map(([code, name, d, s]) => ({
        facilityId,
        code,
        name,
        searchText: normalizeText(`${code} ${name}`),
        departmentId: deptId.get(d)!,
        specialtyId: s ? specId.get(s)! : null,
      })),
    )
    .returning({ id: rooms.id, code: rooms.code });
  return { departments: deptId, specialties: specId, rooms: new Map(roomRows.map((r) => [r.code, r.id])) };
}
