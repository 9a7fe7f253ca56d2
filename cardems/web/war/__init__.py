"""War on the page: its table, its catalogs (``locales/``) and its stylesheet."""
