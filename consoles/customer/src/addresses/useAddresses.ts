import { useQueryClient } from '@tanstack/react-query';
import { addressRoutes, type Address, type AddressInputRequest } from '@tuerca/contracts';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';

/** The logged-in person's shipping addresses (the default first). */
export function useAddresses(enabled: boolean) {
  return useRouteQuery(addressRoutes.list, { query: { pageSize: 50 } }, { enabled });
}

function useInvalidateAddresses() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: routeKey(addressRoutes.list).slice(0, 2) });
}

/** Saves a new address, or changes one when `id` is given; the list refreshes after. */
export function useSaveAddress(onSaved?: (address: Address) => void) {
  const invalidate = useInvalidateAddresses();
  const create = useRouteMutation(addressRoutes.create, (body: AddressInputRequest) => ({ body }));
  const update = useRouteMutation(addressRoutes.update, ({ id, body }: { id: string; body: AddressInputRequest }) => ({
    params: { id },
    body,
  }));
  return {
    pending: create.isPending || update.isPending,
    async save(body: AddressInputRequest, id?: string): Promise<Address> {
      const res = id ? await update.mutateAsync({ id, body }) : await create.mutateAsync(body);
      await invalidate();
      onSaved?.(res.data);
      return res.data;
    },
  };
}

export function useRemoveAddress() {
  const invalidate = useInvalidateAddresses();
  return useRouteMutation(addressRoutes.remove, (id: string) => ({ params: { id } }), { onSuccess: () => invalidate() });
}
