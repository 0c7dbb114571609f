import { Avatar } from 'antd';
import { nameInitials } from '@portal/shared/rules/doctor-title';
import { readableOn } from '../../core/theme/contrast';

/** Backgrounds of the white initials, shaded to read at 4.5:1. */
const COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a', '#2f54eb', '#a0d911'].map((c) => readableOn(c, ['#ffffff']));

/** The doctor's photo, or coloured initials when there is none (no external images). */
export function DoctorAvatar({ name, url, size = 40 }: { name: string; url: string | null | undefined; size?: number }) {
  if (url) return <Avatar src={url} size={size} alt={name} />;
  const color = COLORS[[...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % COLORS.length];
  return (
    <Avatar size={size} style={{ backgroundColor: color, flex: 'none' }} aria-label={name}>
      {nameInitials(name)}
    </Avatar>
  );
}
