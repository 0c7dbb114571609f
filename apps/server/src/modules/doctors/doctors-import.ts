import type { FastifyInstance } from 'fastify';
import { doctorBody, type DoctorInput } from '@portal/shared/contracts/doctors.contract';
import { doctorResource } from '@portal/shared/resources';
import type { AppContext } from '../../core/context';
import type { CatalogTable } from '../../core/crud/table-handler';
import { resourceImportRoutes } from '../../core/crud/import';
import { departments, doctors, rooms, specialties } from '../../db/schema';
import { findDoctor, insertDoctor, replaceDoctorLinks, updateDoctor } from './doctors.repository';
import { doctorColumns, linkErrors } from './doctors.service';

/**
 * Excel import of doctors, through the generic import block: department by its code, specialties
 * and rooms as comma-separated codes, rows matched on the doctor's code (upsert). The working
 * process and the photo are not in the file: an updated doctor keeps them; a column left out of
 * the file (e.g. Phòng khám) keeps the doctor's current links.
 */
export function doctorImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Rows are checked with the API's own body (stricter phone and email than the bare resource).
  const resource = { ...doctorResource, body: doctorBody } as unknown as typeof doctorResource;
  resourceImportRoutes(app, ctx, resource, doctors as unknown as CatalogTable, {
    mode: 'upsert',
    refs: { departments, specialties, rooms } as unknown as Record<string, CatalogTable>,
    validate: async (ex, who, body, stored) => {
      const facilityId = who.facilityId;
      const before = stored ? await findDoctor(ex, facilityId, stored.id as number) : null;
      return linkErrors(
        ex,
        facilityId,
        body as unknown as DoctorInput,
        before && { departmentId: before.departmentId, specialtyIds: before.specialties.map((s) => s.id), roomIds: before.rooms.map((r) => r.id) },
      );
    },
    write: async (tx, who, rows) => {
      const facilityId = who.facilityId;
      for (const r of rows) {
        const body = r.data as unknown as DoctorInput;
        const values = doctorColumns(body);
        const id = r.existing ? (r.existing.id as number) : await insertDoctor(tx, facilityId, values);
        if (r.existing) await updateDoctor(tx, facilityId, id, values);
        await replaceDoctorLinks(tx, id, {
          specialtyIds: !r.existing || r.columns.includes('specialtyIds') ? body.specialtyIds : undefined,
          roomIds: !r.existing || r.columns.includes('roomIds') ? body.roomIds : undefined,
        });
      }
    },
  });
}
