/**
 * Which zone a time field is in. New conditions take the owner's zone (their profile's, which the
 * engine and the reminder mails use); a schedule saved in another zone keeps it — its deadlines
 * follow that zone's clock — until the owner moves it to theirs with one tap.
 */
export function ZoneHint({
  zone,
  ownerZone,
  onUseOwnerZone,
}: {
  zone: string;
  ownerZone: string;
  onUseOwnerZone?: () => void;
}) {
  if (zone === ownerZone) return <>{zone} time: your time zone, which you can change in your profile.</>;
  return (
    <>
      {zone} time, the zone this schedule was saved in; yours is {ownerZone}.{" "}
      {onUseOwnerZone && (
        <button type="button" className="font-medium text-primary underline" onClick={onUseOwnerZone}>
          Use {ownerZone}
        </button>
      )}
    </>
  );
}
