import { z } from 'zod';

/**
 * Vietnamese messages for zod's built-in checks, installed once by the server and the web.
 * A schema's own message (e.g. `.max(20, '...')`) always wins over these.
 */
export function vietnameseZodError(iss: z.core.$ZodRawIssue): string | undefined {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return 'Trường này là bắt buộc';
      if (iss.expected === 'number' || iss.expected === 'int') return 'Phải là số';
      if (iss.expected === 'boolean') return 'Phải là đúng hoặc sai';
      if (iss.expected === 'array') return 'Phải là danh sách';
      if (iss.expected === 'string') return 'Phải là chuỗi ký tự';
      if (iss.expected === 'date') return 'Ngày không hợp lệ';
      return 'Kiểu dữ liệu không hợp lệ';
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return min <= 1 ? 'Trường này là bắt buộc' : `Tối thiểu ${min} ký tự`;
      if (iss.origin === 'array') return `Chọn tối thiểu ${min} mục`;
      return `Phải lớn hơn ${iss.inclusive ? 'hoặc bằng ' : ''}${min}`;
    }
    case 'too_big': {
      const max = Number(iss.maximum);
      if (iss.origin === 'string') return `Tối đa ${max} ký tự`;
      if (iss.origin === 'array') return `Tối đa ${max} mục`;
      return `Phải nhỏ hơn ${iss.inclusive ? 'hoặc bằng ' : ''}${max}`;
    }
    case 'invalid_format':
      if (iss.format === 'email') return 'Email không hợp lệ';
      if (iss.format === 'datetime' || iss.format === 'date') return 'Ngày không hợp lệ';
      return 'Định dạng không hợp lệ';
    case 'invalid_value':
      return 'Giá trị không hợp lệ';
    case 'unrecognized_keys':
      return `Trường không được hỗ trợ: ${iss.keys.join(', ')}`;
    case 'not_multiple_of':
      return 'Giá trị không hợp lệ';
    default:
      return 'Giá trị không hợp lệ';
  }
}

let installed = false;
export function installVietnameseZodErrors(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: vietnameseZodError });
}
