/**
 * Generates apps/server/src/modules/auth/weak-passwords.txt: common passwords that
 * nevertheless pass the portal's password rule (spec §5: 8–15 characters, lower case, upper
 * case, digit and one of @ $ ! % * ? &). The client refuses anything failing the rule, so
 * only policy-passing weak passwords are worth refusing on the server (which compares MD5s of
 * what users submit against this list).
 *
 * The list is built from well-known base words (English, Vietnamese, Vietnamese names) with
 * the mutations people really use: capitalised first letter, leet, "@123"-style suffixes,
 * birth years and keyboard walks. It is deterministic: no randomness, candidates are taken
 * tier by tier (most likely first) until the target size is reached, then sorted.
 *
 * Run: npx tsx scripts/gen-weak-passwords.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateNewPassword } from '../packages/shared/src/rules/password';

const OUT = fileURLToPath(
  new URL('../apps/server/src/modules/auth/weak-passwords.txt', import.meta.url),
);
const MIN_LINES = 3000;
const MAX_LINES = 6000;
/** Stop adding candidates once this many policy-passing passwords are collected. */
const TARGET = 5800;

/** Always present, whatever the tiers produce. */
const MUST_INCLUDE = [
  'Admin@123',
  'Letan@123',
  'Baocao@123',
  'Matkhau@1',
  'P@ssw0rd',
  'Password@1',
  'Abc@1234',
];

/** Keyboard walks and classic "policy" passwords, written out as people type them. */
const KEYBOARD = [
  'Qwerty@123', 'Qwerty@1234', 'Qwerty@12345', 'Qwerty!123', 'Qwerty123!', 'Qwerty123@',
  'Qwerty!23', 'Qwerty@1', 'Qwerty1@', 'Qwerty1!', 'Qwe@1234', 'Qwe@12345', 'Qwe!2345',
  'Qwer@1234', 'Qwer!234', 'Qwert@123', 'Qwert@12345', 'Qwertyui@1', 'Qwertyuiop@1',
  'Qwertyuiop@123', 'Qwe123!@#', 'Qwe123@@', 'QweAsd@123', 'Qweasd@123', 'Qweasdzxc@1',
  'Qweasdzxc@123', 'Qazwsx@123', 'Qazwsx@1', 'Qaz@123wsx', 'Qaz!2wsx', 'Qaz123!@#',
  '1qaz@WSX', '1qaz!QAZ', '1Qaz@wsx', '1qaz!2WSX', '1qaz@2WSX', '!QAZ2wsx', '!Qaz2wsx',
  '1Qaz2wsx!', 'Zaq1@wsx', 'Zaq12wsx!', 'Zaq!2wsx', 'Zxcv!234', 'Zxcv@1234', 'Zxcv@123',
  'Zxcvb@123', 'Zxcvbn@123', 'Zxcvbnm@1', 'Zxcvbnm@123', 'Zxc@12345', 'Zxc@1234',
  'Asdf@1234', 'Asdf@123', 'Asdf!234', 'Asdfgh@123', 'Asdfghjkl@1', 'Asd@12345', 'Asd@1234',
  '1q2w3e4r@Q', '1q2w3e4R!', '1Q2w3e4r!', '1q2w3E4R!', '1q2w3e@Q', '1Q2w3e@4r', '1q2w3e4r5T!',
  'Q1w2e3r4@', 'Q1w2e3r4!', 'Q1w2e3r4t5@', 'Q1w2e3@r4', 'A1b2c3d4@', 'A1b2c3@d4', 'A1s2d3f4@',
  'Abc@123', 'Abc@12345', 'Abc@123456', 'Abc@1234567', 'Abc123!@', 'Abc123!@#', 'Abc123@@',
  'Abc12345@', 'Abc123456@', 'Abc!1234', 'Abc!12345', 'Abc$1234', 'Abc#1234!', 'Abcd@123',
  'Abcd@1234', 'Abcd@12345', 'Abcd!234', 'Abcd1234!', 'Abcd1234@', 'Abcde@123', 'Abcde@12345',
  'Abcdef@123', 'Abcdefg@1', 'Abcdefgh@1', 'Abcdefgh1!', 'Aa@123456', 'Aa@12345', 'Aa@1234567',
  'Aa@12345678', 'Aa123456@', 'Aa123456!', 'Aa12345678@', 'Aa123456@@', 'Aa!123456', 'Aa1234@@',
  'Aaa@1234', 'Aaa@12345', 'Aaaa@1234', 'Aaaaaa@1', 'Aaaaaaa1!', 'Aa@@1234', 'Aa!@1234',
  'Aa#123456@', 'Ab@12345', 'Ab@123456', 'Ab123456@', 'Ab12345!', 'Abc@@123', 'Abcxyz@123',
  'A123456@a', 'A12345678@', 'A1234567@', 'A123456!a', 'Az@12345', 'Az123456@', 'Azerty@123',
  'Azerty@1', '123@Abcd', '123@Abc!', '123Abc@!', '123456@Aa', '12345@Aa', '1234@Abcd',
  '123456Aa@', '12345678Aa@', '1234Abcd@', '1234Qwer!', '123Qwe!@#', 'Passw0rd!', 'Passw0rd@',
  'Passw0rd@1', 'Passw0rd@123', 'Passw0rd!123', 'P@ssw0rd1', 'P@ssw0rd!', 'P@ssw0rd123',
  'P@ssw0rd@123', 'P@ssword1', 'P@ssword123', 'P@$$w0rd', 'P@$$w0rd1', 'P@$$word1',
  'Pa$$w0rd', 'Pa$$w0rd1', 'Pa$$word1', 'Pa$$word123', 'Password1!', 'Password1@',
  'Password123!', 'Password123@', 'Password@123', 'Password!1', 'Password@2024',
  'Password@2025', 'Password@2026', 'Pass@1234', 'Pass@123', 'Pass@12345', 'Pass@word1',
  'Pass@w0rd', 'Passw@rd1', 'Passw@rd123', 'Welcome@1', 'Welcome@123', 'Welcome1!',
  'Welcome123!', 'Changeme@1', 'Changeme@123', 'ChangeMe@123', 'ChangeMe1!', 'Test@1234',
  'Test@123', 'Test@12345', 'Test1234!', 'Test123!', 'Demo@123', 'Demo@1234', 'Default@1',
  'Default@123', 'Temp@1234', 'Temp@123', 'Temp1234!', 'Admin123!', 'Admin123@', 'Admin@1234',
  'Admin@12345', 'Admin@2024', 'Admin@2025', 'Admin@2026', 'Admin!@#123', 'Admin@@123',
  'Adm1n@123', '@Admin123', '@Admin1234', 'Root@123', 'Root@1234', 'Vietnam@123', 'VietNam@123',
  'VietNam@1', 'Hanoi@123', 'HaNoi@123', 'SaiGon@123', 'Saigon@123', 'Matkhau@123',
  'MatKhau@123', 'MatKhau@1', 'Matkhau123@', 'Matkhau@2024', 'M@tkhau123', 'M@tkh@u123',
  'Anhyeuem@1', 'AnhYeuEm@123', 'Anhyeuem@123', 'EmYeuAnh@123', 'Emyeuanh@123', 'Iloveyou@1',
  'ILoveYou@123', 'Iloveyou@123', 'I1oveyou!', 'Benhvien@123', 'BenhVien@123', 'BacSi@123',
  'Bacsi@123', 'YTe@12345', 'Yte@12345', 'Khambenh@123', 'KhamBenh@123', 'LeTan@123',
  'Letan@1234', 'QuanTri@123', 'Quantri@123', 'HeThong@123', 'Hethong@123', 'BaoCao@123',
];

/** English base words (most common first). */
const ENGLISH = [
  'password', 'welcome', 'admin', 'qwerty', 'iloveyou', 'letmein', 'monkey', 'dragon',
  'sunshine', 'football', 'abc', 'abcd', 'baseball', 'master', 'shadow', 'superman', 'batman',
  'princess', 'starwars', 'trustno1', 'hello', 'freedom', 'whatever', 'michael', 'jennifer',
  'jordan', 'hunter', 'charlie', 'soccer', 'summer', 'winter', 'spring', 'autumn', 'flower',
  'lovely', 'love', 'secret', 'computer', 'internet', 'login', 'user', 'guest', 'test',
  'demo', 'root', 'system', 'manager', 'office', 'company', 'default', 'changeme', 'pass',
  'passwd', 'access', 'account', 'server', 'support', 'service', 'doctor', 'nurse',
  'hospital', 'health', 'clinic', 'medical', 'happy', 'family', 'angel', 'baby', 'killer',
  'ninja', 'mustang', 'tiger', 'pokemon', 'google', 'samsung', 'apple', 'iphone', 'facebook',
  'zalo', 'hello123', 'money', 'lucky', 'orange', 'banana', 'chelsea', 'arsenal', 'liverpool',
  'manutd', 'barcelona', 'realmadrid', 'messi', 'ronaldo',
];

/** Vietnamese words used as passwords (unaccented, as typed). */
const VIETNAMESE = [
  'matkhau', 'anhyeuem', 'emyeuanh', 'yeuem', 'yeuanh', 'vietnam', 'hanoi', 'saigon',
  'hochiminh', 'danang', 'haiphong', 'cantho', 'hue', 'benhvien', 'bacsi', 'yte', 'khambenh',
  'letan', 'quantri', 'admin', 'hethong', 'baocao', 'dieuduong', 'yta', 'duocsi', 'thuoc',
  'xetnghiem', 'phongkham', 'tiepdon', 'thungan', 'ketoan', 'nhanvien', 'quanly', 'giamdoc',
  'truongkhoa', 'khoa', 'kythuat', 'congnghe', 'tinhoc', 'hotro', 'datlich', 'lichkham',
  'matkhaumoi', 'doimatkhau', 'dangnhap', 'taikhoan', 'nguoidung', 'xinchao', 'camon',
  'hanhphuc', 'thanhcong', 'giadinh', 'conyeu', 'mebau', 'baby', 'emoi', 'anhoi', 'vovan',
  'tinhyeu', 'muonnam', 'mattroi', 'bauroi', 'hoahong', 'thienthan', 'congchua', 'hoangtu',
  'vuive', 'buonqua', 'cuocsong', 'tuonglai', 'thanhxuan',
];

/** Common Vietnamese family and given names. */
const NAMES = [
  'nguyen', 'tran', 'le', 'pham', 'hoang', 'huynh', 'phan', 'vu', 'vo', 'dang', 'bui', 'do',
  'ho', 'ngo', 'duong', 'ly', 'dinh', 'doan', 'lam', 'mai', 'trinh', 'cao', 'luong', 'ha',
  'anh', 'linh', 'huong', 'trang', 'hung', 'tuan', 'minh', 'nam', 'long', 'hoa', 'lan', 'mai',
  'thao', 'thu', 'ha', 'ngoc', 'hanh', 'nga', 'nhung', 'phuong', 'quynh', 'thuy', 'van',
  'yen', 'hien', 'hang', 'dung', 'duc', 'dat', 'hai', 'hieu', 'hoang', 'huy', 'khanh',
  'khoa', 'kien', 'lam', 'loc', 'manh', 'nghia', 'phong', 'phuc', 'quang', 'quan', 'son',
  'tam', 'thang', 'thanh', 'thinh', 'tien', 'toan', 'trung', 'truong', 'tu', 'viet', 'vinh',
  'bao', 'binh', 'chau', 'chi', 'cuong', 'dieu', 'giang', 'hau', 'hong', 'hue', 'lien',
  'loan', 'ly', 'my', 'nhi', 'oanh', 'tham', 'trinh', 'tuyet', 'uyen', 'vy', 'xuan',
  'ngocanh', 'tuananh', 'ducanh', 'vietanh', 'hoanganh', 'phuonganh', 'lananh', 'quanganh',
  'minhanh', 'thanhhuong', 'thuhuong', 'thuha', 'thutrang', 'thuytrang', 'minhtuan',
  'anhtuan', 'vanhung', 'manhhung', 'ngoclinh', 'thuylinh', 'khanhlinh', 'hoailinh',
  'thanhtung', 'minhduc', 'quanghuy', 'ducminh', 'hoangnam', 'thanhnam', 'haiyen', 'thanhhai',
  'nguyenvan', 'nguyenthi', 'tranvan', 'tranthi', 'levan', 'lethi', 'phamvan', 'phamthi',
];

/** Suffixes that add the digit and the special character the policy requires. */
const CORE_SUFFIXES = [
  '@123', '@1', '@12', '@1234', '@12345', '@123456', '@2024', '@2025', '@2026', '123@',
  '123!', '!1', '#1', '!123', '@2023', '1@', '12@', '1234@', '1!', '@01', '@99', '@11',
  '@88', '@68', '@686', '@8888', '@6868', '@1102', '$123', '*123', '&123', '@321', '!@#123',
  '123!@#', '@0', '@00', '@000', '@111', '@1111', '@999', '@246', '@135', '@789',
  '@123456789', '@2020', '@2021', '@2022', '@2019', '@2018', '123@@', '@@123', '!!1', '@@1',
  '1234!', '12345@', '12345!', '@a1', '%123', '?123', '@123a', '@abc1',
];

/** Suffixes for leet variants, which often already carry the special character. */
const LEET_SUFFIXES = ['', '1', '123', '!', '@1', '@123', '!1', '2024', '12', '@'];

const BIRTH_YEARS = Array.from({ length: 2010 - 1970 + 1 }, (_, i) => String(1970 + i));

type Leet = Record<string, string>;
/** Leet profiles actually seen (applied after the first letter, which is capitalised). */
const LEET_PROFILES: Leet[] = [
  { a: '@', o: '0' },
  { a: '@' },
  { o: '0' },
  { a: '@', o: '0', s: '$' },
  { a: '@', o: '0', e: '3', i: '1', s: '$' },
  { s: '$' },
  { e: '3' },
  { i: '1' },
];

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function leet(word: string, profile: Leet): string {
  const cap = capitalise(word);
  let out = cap.charAt(0);
  for (const ch of cap.slice(1)) out += profile[ch] ?? ch;
  return out;
}

/** Upper-cases the first letter of each known syllable: matkhau → MatKhau. */
const SYLLABLES: Record<string, string> = {
  matkhau: 'MatKhau', anhyeuem: 'AnhYeuEm', emyeuanh: 'EmYeuAnh', yeuem: 'YeuEm',
  yeuanh: 'YeuAnh', vietnam: 'VietNam', hanoi: 'HaNoi', saigon: 'SaiGon',
  hochiminh: 'HoChiMinh', danang: 'DaNang', haiphong: 'HaiPhong', cantho: 'CanTho',
  benhvien: 'BenhVien', bacsi: 'BacSi', yte: 'YTe', khambenh: 'KhamBenh', letan: 'LeTan',
  quantri: 'QuanTri', hethong: 'HeThong', baocao: 'BaoCao', dieuduong: 'DieuDuong',
  duocsi: 'DuocSi', xetnghiem: 'XetNghiem', phongkham: 'PhongKham', tiepdon: 'TiepDon',
  thungan: 'ThuNgan', ketoan: 'KeToan', nhanvien: 'NhanVien', quanly: 'QuanLy',
  giamdoc: 'GiamDoc', datlich: 'DatLich', lichkham: 'LichKham', dangnhap: 'DangNhap',
  taikhoan: 'TaiKhoan', xinchao: 'XinChao', hanhphuc: 'HanhPhuc', giadinh: 'GiaDinh',
  tinhyeu: 'TinhYeu', iloveyou: 'ILoveYou', letmein: 'LetMeIn', starwars: 'StarWars',
  changeme: 'ChangeMe', ngocanh: 'NgocAnh', tuananh: 'TuanAnh', ducanh: 'DucAnh',
  hoanganh: 'HoangAnh', phuonganh: 'PhuongAnh', thanhhuong: 'ThanhHuong', thuha: 'ThuHa',
  thutrang: 'ThuTrang', minhtuan: 'MinhTuan', anhtuan: 'AnhTuan', ngoclinh: 'NgocLinh',
  thanhtung: 'ThanhTung', minhduc: 'MinhDuc', quanghuy: 'QuangHuy', hoangnam: 'HoangNam',
  haiyen: 'HaiYen', nguyenvan: 'NguyenVan', nguyenthi: 'NguyenThi', tranvan: 'TranVan',
  tranthi: 'TranThi',
};

/** Named tiers, most likely first. Inside a tier the loops are "suffix-major" (every base
 * gets `@123` before any base gets a rarer suffix), so the cut at TARGET drops the rarest. */
function tiers(): [name: string, candidates: () => Generator<string>][] {
  const viet = [...new Set(VIETNAMESE)];
  const eng = [...new Set(ENGLISH)];
  const names = [...new Set(NAMES)];
  const bases = [...new Set([...viet, ...eng, ...names])];
  const camels = Object.values(SYLLABLES);
  return [
    ['must-include and keyboard walks', function* () {
      yield* MUST_INCLUDE;
      yield* KEYBOARD;
    }],
    ['capitalised base + common suffix', function* () {
      for (const suffix of CORE_SUFFIXES.slice(0, 14)) {
        for (const base of bases) yield capitalise(base) + suffix;
      }
    }],
    ['camel-cased Vietnamese + common suffix', function* () {
      for (const suffix of CORE_SUFFIXES.slice(0, 8)) {
        for (const camel of camels) yield camel + suffix;
      }
    }],
    ['leet', function* () {
      for (const suffix of LEET_SUFFIXES) {
        for (const profile of LEET_PROFILES) {
          for (const base of [...eng.slice(0, 30), ...viet.slice(0, 20)]) {
            yield leet(base, profile) + suffix;
          }
        }
      }
    }],
    ['given name + @ + birth year', function* () {
      // Given names (the list's family names come first): Tuan@1990, Linh@1995.
      for (const base of names.slice(names.indexOf('anh'), names.indexOf('anh') + 20)) {
        for (const year of BIRTH_YEARS) yield `${capitalise(base)}@${year}`;
      }
    }],
    ['capitalised base + rarer suffix', function* () {
      for (const suffix of CORE_SUFFIXES.slice(14)) {
        for (const base of bases) yield capitalise(base) + suffix;
      }
    }],
  ];
}

function generate(): string[] {
  const picked = new Set<string>();
  for (const [name, candidates] of tiers()) {
    const before = picked.size;
    for (const candidate of candidates()) {
      if (picked.size >= TARGET) break;
      if (validateNewPassword(candidate) === null) picked.add(candidate);
    }
    console.log(`${name}: +${picked.size - before}`);
  }
  for (const must of MUST_INCLUDE) {
    if (validateNewPassword(must) !== null) throw new Error(`must-include fails the rule: ${must}`);
    picked.add(must);
  }
  // Plain code-unit order: deterministic and locale-independent.
  return [...picked].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const list = generate();
if (list.length < MIN_LINES || list.length > MAX_LINES) {
  throw new Error(`expected ${MIN_LINES}–${MAX_LINES} passwords, got ${list.length}`);
}
writeFileSync(OUT, `${list.join('\n')}\n`, 'utf8');
console.log(`wrote ${list.length} passwords to ${OUT}`);
