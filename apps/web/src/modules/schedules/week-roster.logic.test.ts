import { describe, expect, it } from 'vitest';
import { rosterPage, rosterRows } from './week-roster.logic';

const period = (id: number, date: string, startTime: string, doctor: [number, string], room: [number, string], department: string) => ({
  id,
  date,
  startTime,
  doctor: { id: doctor[0], name: doctor[1] },
  room: { id: room[0], name: room[1] },
  department: { id: 1, name: department },
});

const AN: [number, string] = [1, 'BS Nguyễn Văn An'];
const BICH: [number, string] = [2, 'PGS.TS.BS Trần Thị Bích'];
const CUONG: [number, string] = [3, 'BSCKI Lê Văn Cường'];
const P101: [number, string] = [11, 'Phòng khám Nội 101'];
const P201: [number, string] = [21, 'Phòng khám Ngoại 201'];

describe('rosterRows', () => {
  const rows = [
    period(5, '2026-11-24', '13:00', AN, P101, 'Khoa Nội'),
    period(4, '2026-11-24', '07:00', AN, P101, 'Khoa Nội'),
    period(6, '2026-11-23', '07:00', CUONG, P201, 'Khoa Ngoại'),
    period(7, '2026-11-25', '07:00', BICH, P101, 'Khoa Nội'),
    period(8, '2026-11-25', '07:00', CUONG, P101, 'Khoa Ngoại'),
  ];

  it('one row a doctor, by department then name, each day in time order', () => {
    const roster = rosterRows(rows, 'doctor');
    expect(roster.map((r) => [r.name, r.department])).toEqual([
      ['BSCKI Lê Văn Cường', 'Khoa Ngoại'],
      ['BS Nguyễn Văn An', 'Khoa Nội'],
      ['PGS.TS.BS Trần Thị Bích', 'Khoa Nội'],
    ]);
    expect(roster[1]!.days['2026-11-24']!.map((p) => p.id)).toEqual([4, 5]);
    expect(Object.keys(roster[0]!.days).sort()).toEqual(['2026-11-23', '2026-11-25']);
  });

  it('one row a room, with every doctor working in it', () => {
    const roster = rosterRows(rows, 'room');
    expect(roster.map((r) => r.name)).toEqual(['Phòng khám Ngoại 201', 'Phòng khám Nội 101']);
    expect(roster[1]!.days['2026-11-25']!.map((p) => p.doctor.name)).toEqual(['PGS.TS.BS Trần Thị Bích', 'BSCKI Lê Văn Cường']);
  });

  it('no periods, no rows', () => expect(rosterRows([], 'doctor')).toEqual([]));
});

describe('rosterPage', () => {
  it.each([
    [null, 30, 1],
    ['2', 30, 2],
    ['3', 30, 3],
    ['4', 30, 3], // past the last page: the last
    ['0', 30, 1],
    ['abc', 30, 1],
    ['2', 0, 1], // an empty week has one page
    ['2', 10, 1],
    ['2', 11, 2],
  ])('page %s of %i rows is %i', (param, total, page) => expect(rosterPage(param, total)).toBe(page));
});
