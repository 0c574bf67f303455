import { createFileRoute, Link } from '@tanstack/react-router';
import { useSession } from '../session/store';
import { CotizacionesDelDia } from '../features/cotizaciones/CotizacionesDelDia';
import { SimuladorPublico } from '../features/simulacion/SimuladorPublico';
import { ClienteActualCard } from '../features/clienteSelector/ClienteActualCard';
import { esStaff, usePermissions } from '../session/permissions';
import { P } from '../../shared/permissions';

function Home() {
  const s = useSession();
  const perms = usePermissions();
  // Customers act for a client (simulation, operation): they see which one, or that they have none.
  const actsForClient = perms.allows({ any: [P.useSimulacion, P.useOperacion] });
  // Staff hold those permissions too (Administrador has all) but need no client: no "contact support" for them.
  const staff = esStaff(s, perms);
  return (
    <div>
      <section className="bg-gradient-to-br from-emerald-700 to-emerald-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h1 className="text-3xl font-bold sm:text-4xl">Cambiá tus divisas con la mejor cotización</h1>
          <p className="mt-3 max-w-2xl text-emerald-50">
            Comprá y vendé dólares, euros, reales y más contra guaraníes. Simulá tu operación y retirá en nuestras terminales de autoservicio.
          </p>
          {!s && (
            <div className="mt-6 flex gap-3">
              <Link to="/register" className="btn bg-white text-emerald-800 hover:bg-emerald-50">
                Crear cuenta
              </Link>
              <Link to="/login" className="btn border border-white text-white hover:bg-emerald-800">
                Iniciar sesión
              </Link>
            </div>
          )}
          {s && <p className="mt-6 text-lg">Hola, {s.user.first_name || s.user.username}.</p>}
          {s && perms.ready && actsForClient && <ClienteActualCard staff={staff} />}
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-2">
        <SimuladorPublico />
        <CotizacionesDelDia />
      </div>
    </div>
  );
}

export const Route = createFileRoute('/')({ component: Home });
