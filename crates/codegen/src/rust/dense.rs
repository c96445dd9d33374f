//! Fieldless enums numbered `0..COUNT` in declaration order (`CardId`, `Handler`): their
//! `#[repr]`, `COUNT`, `from_index` and the table of every value, built at compile time
//! from `from_index` rather than written out one path per value (thousands of paths were a
//! large share of WoW TCG's type-checking time).

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::types::unsuffixed;

/// The name of the integer type of a dense enum of `count` values.
pub(crate) fn repr_name(count: usize) -> &'static str {
    if count <= usize::from(u16::MAX) + 1 {
        "u16"
    } else {
        "u32"
    }
}

/// The integer type of a dense enum of `count` values.
fn repr_type(count: usize) -> Ident {
    Ident::new(repr_name(count), proc_macro2::Span::call_site())
}

/// The `#[repr(..)]` attribute of a dense enum of `count` values (none when it has no value).
pub(crate) fn repr(count: usize) -> TokenStream {
    if count == 0 {
        return TokenStream::new();
    }
    let ty = repr_type(count);
    quote!(#[repr(#ty)])
}

/// How a dense enum's `ALL` is typed.
#[derive(Clone, Copy)]
pub(crate) enum AllType {
    /// `ALL: [Self; COUNT]`.
    Array,
    /// `ALL: &'static [Self]`.
    Slice,
}

/// `COUNT`, `from_index` and `ALL` (every value in declaration order) for the impl block of a
/// dense enum whose first value is `first` (`None` when it has none).
pub(crate) fn index_items(count: usize, first: Option<&Ident>, all_type: AllType) -> TokenStream {
    let size = unsuffixed(count);
    let (all_ty, all_ref) = match all_type {
        AllType::Array => (quote!([Self; #size]), quote!()),
        AllType::Slice => (quote!(&'static [Self]), quote!(&)),
    };
    let Some(first) = first else {
        return quote! {
            /// The number of values.
            pub const COUNT: usize = 0;
            /// Every value, in declaration order.
            pub const ALL: #all_ty = #all_ref [];

            /// The value at `index` in declaration order: never, as there is none.
            pub const fn from_index(index: usize) -> Option<Self> {
                let _ = index;
                None
            }
        };
    };
    let ty = repr_type(count);
    quote! {
        /// The number of values.
        pub const COUNT: usize = #size;
        /// Every value, in declaration order.
        ///
        /// Built at compile time, and soundly: the enum is fieldless, has the representation
        /// of its integer type and declares no discriminant, so its values are exactly the
        /// integers `0..COUNT` in declaration order (compile-time evaluation checks each).
        pub const ALL: #all_ty = #all_ref {
            let mut all = [Self::#first; #size];
            let mut index = 1;
            while index < Self::COUNT {
                all[index] = unsafe { ::core::mem::transmute::<#ty, Self>(index as #ty) };
                index += 1;
            }
            all
        };

        /// The value at `index` in declaration order (`None` from `COUNT` on).
        pub const fn from_index(index: usize) -> Option<Self> {
            if index < Self::COUNT {
                Some(Self::ALL[index])
            } else {
                None
            }
        }
    }
}
