import { useState } from 'react';
import { Avatar, Button, Flex, Popover } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { MeData } from '@portal/shared/contracts/auth.contract';
import { redirectTarget } from '../../core/auth/redirect';
import { readableOn } from '../../core/theme/contrast';
import { T } from '../messages';
import { initialsOf } from './initials';

/**
 * The sider footer (spec §2): facility avatar, username and (optionally) display name; a click
 * opens a popover with "Đổi mật khẩu" and "Đăng xuất".
 */

/** The teal of the themes, shaded so that white initials read at 4.5:1. */
const INITIALS_BG = readableOn('#13a8a8', ['#ffffff']);

export function SiderFooter({
  me,
  collapsed,
  showDisplayName,
  onChangePassword,
}: {
  me: MeData;
  collapsed: boolean;
  showDisplayName: boolean;
  onChangePassword: () => void;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const { user, hospitalByAdmin } = me;

  const content = (
    <Flex vertical style={{ minWidth: 160 }}>
      <Button
        type="text"
        icon={<KeyOutlined />}
        style={{ justifyContent: 'flex-start' }}
        onClick={() => {
          setOpen(false);
          onChangePassword();
        }}
      >
        {T.shell.changePassword}
      </Button>
      <Button
        type="text"
        danger
        icon={<LogoutOutlined />}
        style={{ justifyContent: 'flex-start' }}
        onClick={() => {
          setOpen(false);
          const back = redirectTarget(location.pathname, location.search);
          void navigate(`/logout?redirect=${encodeURIComponent(back)}`);
        }}
      >
        {T.shell.logout}
      </Button>
    </Flex>
  );

  return (
    <Popover content={content} trigger="click" placement="topLeft" open={open} onOpenChange={setOpen} arrow={false}>
      <button
        type="button"
        className="sider-footer"
        aria-label={collapsed ? T.shell.account : undefined}
        title={T.shell.account}
        aria-haspopup="dialog"
        data-testid="sider-footer"
      >
        <Avatar
          size={collapsed ? 32 : 36}
          src={hospitalByAdmin.avatar ?? undefined}
          alt={hospitalByAdmin.name}
          style={{ background: INITIALS_BG, flex: 'none' }}
        >
          {initialsOf(hospitalByAdmin.name)}
        </Avatar>
        {!collapsed && (
          <span className="sider-footer-text">
            <span className="sider-footer-username">{user.username}</span>
            {showDisplayName && <span className="sider-footer-name">{user.name}</span>}
          </span>
        )}
      </button>
    </Popover>
  );
}
