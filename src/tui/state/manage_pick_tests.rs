//! The Manage tab's form pickers in the workbench: `f` on a field asks the
//! service (the VMs and sets of the resource group, the LCS environments
//! known), the answer opens a picker, Enter fills the field.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};

use super::{Overlay, State, Tab};
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::picker::Item;
use crate::tui::tabs::manage::migrations::{AVSET, VM};
use crate::tui::tabs::manage::{ManageField, ManageOutcome, ManageReply, View};

fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, M::NONE), Instant::now())
}

fn on_migrations() -> State {
    let mut s = State::new("local engine".into());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('4'));
    assert_eq!(s.tab, Tab::Manage);
    s.manage.view = View::Migrations;
    s
}

fn vm(name: &str) -> Item {
    Item {
        code: name.into(),
        name: "in web-avset".into(),
        native_name: String::new(),
        rtl: false,
        detail: String::new(),
    }
}

fn choices(field: usize, result: Result<Vec<Item>, String>) -> Msg {
    Msg::Manage(ManageReply::Choices {
        field: ManageField {
            view: View::Migrations,
            field,
        },
        title: "Virtual machines".into(),
        result,
    })
}

#[test]
fn f_on_the_vm_field_lists_the_vms_and_enter_fills_it() {
    let mut s = on_migrations();
    let fx = key(&mut s, KeyCode::Char('f'));
    assert_eq!(fx, [Effect::Manage(ManageOutcome::ListVms { field: VM })]);
    s.message(
        choices(VM, Ok(vec![vm("vm-web-1"), vm("vm-web-2")])),
        Instant::now(),
    );
    assert!(matches!(&s.overlay, Some(Overlay::Picker(p)) if p.picker.codes() == ["vm-web-1", "vm-web-2"]));
    key(&mut s, KeyCode::Down);
    key(&mut s, KeyCode::Enter);
    assert!(s.overlay.is_none());
    let field = ManageField {
        view: View::Migrations,
        field: VM,
    };
    assert_eq!(s.manage.field_value(field).as_deref(), Some("vm-web-2"));
}

#[test]
fn with_a_set_chosen_picked_vms_add_up_to_a_subset() {
    let mut s = on_migrations();
    let set = ManageField {
        view: View::Migrations,
        field: AVSET,
    };
    s.manage.picked(set, "web-avset");
    let vm_field = ManageField {
        view: View::Migrations,
        field: VM,
    };
    s.manage.picked(vm_field, "vm-web-1");
    s.manage.picked(vm_field, "vm-web-3");
    assert_eq!(
        s.manage.field_value(vm_field).as_deref(),
        Some("vm-web-1, vm-web-3")
    );
}

#[test]
fn nothing_to_pick_says_why_instead_of_an_empty_picker() {
    let mut s = on_migrations();
    s.message(choices(VM, Err("401 Unauthorized".into())), Instant::now());
    assert!(s.overlay.is_none());
    let toast = s.toasts.iter().last().map(|t| t.text.clone()).unwrap_or_default();
    assert_eq!(toast, "Nothing to pick: 401 Unauthorized");
}

#[test]
fn f_on_the_syncs_lists_the_shares_and_picking_one_shows_its_syncs() {
    let mut s = on_migrations();
    s.manage.view = View::Syncs;
    let fx = key(&mut s, KeyCode::Char('f'));
    assert_eq!(fx, [Effect::Manage(ManageOutcome::ListShares)]);
    let field = ManageField {
        view: View::Syncs,
        field: 0,
    };
    let shares = ManageReply::Choices {
        field,
        title: "Shares".into(),
        result: Ok(vec![vm("hr-share"), vm("sales-share")]),
    };
    s.message(Msg::Manage(shares), Instant::now());
    key(&mut s, KeyCode::Up);
    let fx = key(&mut s, KeyCode::Enter);
    assert_eq!(fx[0], Effect::Manage(ManageOutcome::UseShare("hr-share".into())));
    assert!(matches!(
        &fx[1],
        Effect::Manage(ManageOutcome::LoadSyncs { next: None, .. })
    ));
    assert_eq!(s.manage.syncs.share, "hr-share");
    assert_eq!(s.manage.syncs.table.rows().len(), 0, "the old share's rows go");
}
