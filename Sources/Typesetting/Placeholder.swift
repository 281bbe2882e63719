enum TypesettingPlaceholder {}
