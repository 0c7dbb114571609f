import { accountResource, accountRoomResource, roomOptionResource } from './accounts.resource';
import { acronymResource } from './acronyms.resource';
import { areaResource } from './areas.resource';
import { departmentResource } from './departments.resource';
import { jobResource } from './jobs.resource';
import { nationResource } from './nations.resource';
import { roleResource } from './roles.resource';
import { roomResource } from './rooms.resource';
import { serviceResource } from './services.resource';
import { specialtyResource } from './specialties.resource';
import { doctorResource } from './doctors.resource';
import { smsTemplateResource } from './sms-templates.resource';

/** Every resource the generic machinery serves; the smoke tests loop over it. */
export const RESOURCES = [
  departmentResource,
  specialtyResource,
  roomResource,
  jobResource,
  nationResource,
  areaResource,
  serviceResource,
  roleResource,
  accountResource,
  accountRoomResource,
  roomOptionResource,
  doctorResource,
  acronymResource,
  smsTemplateResource,
] as const;
export { departmentResource, specialtyResource, roomResource, jobResource, nationResource, areaResource, serviceResource };
export { roleResource, accountResource, accountRoomResource, roomOptionResource };
export { doctorResource, acronymResource, smsTemplateResource };
