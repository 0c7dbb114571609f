import { departmentResource } from './departments.resource';
import { specialtyResource } from './specialties.resource';

/** Every resource the generic machinery serves; the smoke tests loop over it. */
export const RESOURCES = [departmentResource, specialtyResource] as const;
export { departmentResource, specialtyResource };
