import { IconBus, IconCar, IconPlane, IconShip, IconTrain, IconWalk } from '@tabler/icons-react';
import type { TransportMethod } from '@aylal/shared/trip-rules';

const ICONS = { plane: IconPlane, train: IconTrain, cruise: IconShip, hiking: IconWalk, car: IconCar, bus: IconBus };

export function TransportIcon({ method, size = 18 }: { method: TransportMethod; size?: number }) {
  const Icon = ICONS[method];
  return <Icon size={size} aria-hidden="true" />;
}
