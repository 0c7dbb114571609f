/** Labels only the admin screens show (the rules' and the API's messages are in the shared MSG). */
export const ADMIN_MESSAGES = {
  username: {
    checking: 'Đang kiểm tra…',
    free: 'Tên đăng nhập còn trống',
    taken: 'Tên đăng nhập đã có người dùng',
    proposal: 'Gợi ý từ họ và tên:',
    useProposal: 'Dùng gợi ý {name}',
  },
} as const;
