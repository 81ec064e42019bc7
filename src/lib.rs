//! rep: placeholder until the matcher lands.
