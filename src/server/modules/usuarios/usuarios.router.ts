import { z } from '../../../shared/zod';
import { router, authedProcedure } from '../../trpc/init';
import { idParam } from '../../../shared/schemas/common';
import { userRecord } from '../../../shared/schemas/usuarios';
import { getUser } from './usuarios.service';

export const usuariosRouter = router({
  get: authedProcedure.input(z.object({ id: idParam })).output(userRecord).query(({ ctx, input }) => getUser(ctx, input.id)),
});
