import { canManageRole, ROLES } from '@groupsplit/shared/browser';
import { useState } from 'preact/hooks';
import { api, type Invite, type Member, type Role, type Team } from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { ConfirmDialog } from '../components/dialog';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { describedBy, Field, Form, Options } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { ACTIONS, DataTable } from '../components/table';
import { dateTime, roleLabel } from '../format';
import { useAction, useConfirm, useQuery } from '../hooks';

const INVITABLE = ROLES.filter((role) => role !== 'owner');

function InviteForm(props: { role: Role; onInvited: () => void }) {
  const grantable = INVITABLE.filter((role) => canManageRole(props.role, role));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(grantable.includes('member') ? 'member' : (grantable[0] ?? 'member'));
  const invite = useAction((address: string, as: Role) => api.invite(address, as));
  return (
    <Form
      class="inline-form"
      noValidate
      onSubmit={async () => {
        const sent = await invite.run(email.trim(), role);
        if (sent) {
          setEmail('');
          props.onInvited();
        }
      }}
    >
      <Field id="invite-email" label="E-mail address">
        <input
          id="invite-email"
          type="email"
          autocomplete="off"
          value={email}
          onInput={(e) => setEmail((e.currentTarget as HTMLInputElement).value)}
        />
      </Field>
      <Field id="invite-role" label="Role">
        <select
          id="invite-role"
          value={role}
          onChange={(e) => setRole((e.currentTarget as HTMLSelectElement).value as Role)}
        >
          <Options values={grantable} label={roleLabel} />
        </select>
      </Field>
      <BusyButton type="submit" busy={invite.busy} busyLabel="Sending…">
        Send invitation
      </BusyButton>
      <div class="inline-form-full">
        <ErrorNote error={invite.error} />
        {invite.result && (
          <Banner kind="success" title="Invitation sent">
            {invite.result.email} can join as {roleLabel(invite.result.role)} until {dateTime(invite.result.expires_at)}
            .
          </Banner>
        )}
      </div>
    </Form>
  );
}

/** What every row of the team's tables works with: the team, whether the caller may manage it, and a reload. */
type TeamRows = { team: Team; mayManage: boolean; onChanged: () => void };

/** Whether the caller may act on a row of this role: they may manage the team, and their role manages that one. */
const mayManageRow = (rows: TeamRows, role: Role) => rows.mayManage && canManageRole(rows.team.current_role, role);

function MemberRow(props: { member: Member; rows: TeamRows; onRemove: () => void }) {
  const { member } = props;
  const { team } = props.rows;
  const isSelf = member.user_id === team.current_user_id;
  const manageable = !isSelf && mayManageRow(props.rows, member.role);
  const change = useAction((role: Role) => api.changeRole(member.id, role));
  const choices = ROLES.filter((role) => role !== 'owner' && canManageRole(team.current_role, role));
  const label = member.name ? `${member.name} (${member.email})` : member.email;
  return (
    <tr>
      <td class="wrap">
        {member.name && <strong>{member.name}</strong>} {member.name && <br />}
        <span class={member.name ? 'muted' : ''}>{member.email}</span>
        {isSelf && <span class="muted"> (you)</span>}
      </td>
      <td>
        {manageable ? (
          <>
            <label class="visually-hidden" for={`role-${member.id}`}>
              Role of {label}
            </label>
            <select
              id={`role-${member.id}`}
              value={member.role}
              disabled={change.busy}
              onChange={async (e) => {
                if (await change.run((e.currentTarget as HTMLSelectElement).value as Role)) props.rows.onChanged();
              }}
            >
              <Options values={choices} label={roleLabel} />
            </select>
            <ErrorNote error={change.error} />
          </>
        ) : (
          roleLabel(member.role)
        )}
      </td>
      <td>{dateTime(member.joined_at)}</td>
      <td>
        <StatusChip
          status={member.identity_verified ? 'verified' : 'pending'}
          label={member.identity_verified ? 'Verified' : 'Not verified'}
        />
      </td>
      <td>
        {manageable && (
          <button
            type="button"
            class="button button-secondary button-small"
            aria-label={`Remove ${label}`}
            onClick={props.onRemove}
          >
            Remove
          </button>
        )}
      </td>
    </tr>
  );
}

/** One of an invitation's buttons: named with the address for screen readers; `onDone` once it worked. */
function InviteAction(props: {
  action: { busy: boolean; run: () => Promise<unknown> };
  verb: 'Resend' | 'Revoke';
  email: string;
  onDone: () => void;
}) {
  return (
    <BusyButton
      tone="secondary"
      small
      busy={props.action.busy}
      label={`${props.verb} the invitation to ${props.email}`}
      onClick={async () => {
        if (await props.action.run()) props.onDone();
      }}
    >
      {props.verb}
    </BusyButton>
  );
}

function InviteRow(props: { invite: Invite; rows: TeamRows }) {
  const { invite } = props;
  const resend = useAction(() => api.resendInvite(invite.id));
  const revoke = useAction(() => api.revokeInvite(invite.id));
  const manageable = mayManageRow(props.rows, invite.role);
  const expired = new Date(invite.expires_at).getTime() < Date.now();
  return (
    <tr>
      <td class="wrap">{invite.email}</td>
      <td>{roleLabel(invite.role)}</td>
      <td>
        {expired ? <StatusChip status="failed" label="Expired" /> : `Expires ${dateTime(invite.expires_at)}`}
        {resend.result && <p class="muted">Sent again.</p>}
        <ErrorNote error={resend.error ?? revoke.error} />
      </td>
      <td>
        {manageable && (
          <div class="row">
            <InviteAction action={resend} verb="Resend" email={invite.email} onDone={props.rows.onChanged} />
            <InviteAction action={revoke} verb="Revoke" email={invite.email} onDone={props.rows.onChanged} />
          </div>
        )}
      </td>
    </tr>
  );
}

/** The Owner hands the business to a current member, confirming with its exact name. */
function TransferOwnership(props: { team: Team; onDone: () => void }) {
  const { me, reload } = useBusiness();
  const others = props.team.members.filter((m) => m.user_id !== props.team.current_user_id);
  const [memberId, setMemberId] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const transfer = useConfirm(
    () => api.transferOwnership(memberId, confirmation),
    () => {
      props.onDone();
      reload();
    },
  );
  const target = others.find((m) => m.id === memberId);
  if (others.length === 0) return <p class="muted">Invite someone first: ownership goes to a current team member.</p>;
  return (
    <>
      <p>
        The new owner must verify their identity before the business can take live payments again. You become an Admin.
      </p>
      <button type="button" class="button button-danger" onClick={() => transfer.ask(true)}>
        Transfer ownership…
      </button>
      <ConfirmDialog
        {...transfer.dialog}
        title="Transfer ownership"
        confirmLabel="Transfer ownership"
        danger
        confirmDisabled={!memberId || confirmation !== me.name}
      >
        <Field id="transfer-member" label="New owner">
          <select
            id="transfer-member"
            value={memberId}
            onChange={(e) => setMemberId((e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">Choose a team member…</option>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name ? `${m.name} (${m.email})` : m.email}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="transfer-confirmation"
          label={`Type the business name, ${me.name}, to confirm`}
          hint={target ? `${target.email} becomes the Owner.` : undefined}
        >
          <input
            id="transfer-confirmation"
            autocomplete="off"
            value={confirmation}
            aria-describedby={describedBy('transfer-confirmation', Boolean(target), null)}
            onInput={(e) => setConfirmation((e.currentTarget as HTMLInputElement).value)}
          />
        </Field>
      </ConfirmDialog>
    </>
  );
}

export function TeamPage() {
  const { can } = useBusiness();
  const team = useQuery(() => api.team(), []);
  const manage = can('team.manage');
  const transfer = can('ownership.transfer');
  const rowsOf = (data: Team): TeamRows => ({ team: data, mayManage: manage.allowed, onChanged: team.reload });
  const remove = useConfirm(
    (member: Member) => api.removeMember(member.id),
    () => team.reload(),
  );
  return (
    <>
      <PageHeader title="Team" description="Who can work in this business, and with which role." />
      <PausedBanner />
      <Loadable query={team} what="the team">
        {(data) => (
          <>
            <Section title="Invite someone">
              {manage.allowed ? (
                <InviteForm role={data.current_role} onInvited={team.reload} />
              ) : (
                <Refusal reason={manage.reason} />
              )}
            </Section>
            <Section title="Members">
              <DataTable label="Team members" columns={['Person', 'Role', 'Joined', 'Identity', ACTIONS]}>
                {data.members.map((member) => (
                  <MemberRow key={member.id} member={member} rows={rowsOf(data)} onRemove={() => remove.ask(member)} />
                ))}
              </DataTable>
            </Section>
            <Section title="Pending invitations">
              {data.invites.length === 0 ? (
                <p class="empty">No pending invitations.</p>
              ) : (
                <DataTable label="Pending invitations" columns={['E-mail', 'Role', 'Expiry', ACTIONS]}>
                  {data.invites.map((invite) => (
                    <InviteRow key={invite.id} invite={invite} rows={rowsOf(data)} />
                  ))}
                </DataTable>
              )}
            </Section>
            {!transfer.hidden && (
              <Section title="Transfer ownership">
                {transfer.allowed ? (
                  <TransferOwnership team={data} onDone={team.reload} />
                ) : (
                  <Refusal reason={transfer.reason} />
                )}
              </Section>
            )}
          </>
        )}
      </Loadable>
      <ConfirmDialog {...remove.dialog} title="Remove this team member?" confirmLabel="Remove" danger>
        <p>{remove.target?.email} loses access to this business immediately.</p>
      </ConfirmDialog>
    </>
  );
}
