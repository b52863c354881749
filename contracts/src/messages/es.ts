/**
 * Tuerca's Spanish message catalogue: every user-facing text, keyed by area.
 *
 * Conventions
 * - Texts quoted by the specification (000 marketplace, 001 catalogue and vehicle) are copied verbatim,
 *   including its spelling and missing accents ('Resultado busqueda Nº parte {n}', 'Mostrar mas', 'Año invalido').
 * - Parameters are `{name}` placeholders, filled by `t()` / `interpolate()` in ./format.ts. Where the spec writes a
 *   literal stand-in (N, X de Y, ...) it is replaced by a named placeholder and the original noted.
 * - Within each area the verbatim texts come first. Entries after a `// Tuerca wording` line are texts the spec only
 *   describes (or that the platform needs) written in the same register (tuteo, Colombian Spanish); English texts
 *   of the spec that people read are rendered in Spanish with the original noted.
 * - Keys are English camelCase. Within one area no two keys carry the same text; the same text may appear in two
 *   areas when both screens show it.
 */
export const es = {
  common: {
    save: 'Guardar',
    cancel: 'Cancelar',
    search: 'Buscar',
    continue: 'Continuar',
    enter: 'Ingresar',
    download: 'Descargar',
    seeAll: 'Ver todo',
    showMore: 'Mostrar mas',
    moreInfo: 'Más información',
    success: '¡Correcto!',
    // Tuerca wording
    close: 'Cerrar',
    loading: 'Cargando...',
    yes: 'Sí',
    no: 'No',
    contactUs: 'Contáctanos',
    expiresOn: 'Vence el {date}', // date as DD/MM/YYYY
    openInNewTab: 'Abrir en una pestaña nueva',
    colombia: 'Colombia',
    mexico: 'México',
  },

  /** Product search, part-number search and the product search result modal (000 §2, §8). */
  search: {
    resultsTab: 'Resultado de búsqueda',
    substitutionsTab: 'Sustituciones',
    partNumberNotFound: 'Número de parte {n} no fue encontrado',
    partNumberNotRegistered: 'Nº de parte no encontrado: No tenemos registrado "{n}" en nuestro catálogo de autopartes originales.',
    checkSpelling: 'Revisa que este bien escrito y vuelve a intentarlo.',
    referenceSearchFailed: 'Ocurrió un error al buscar el número de parte',
    enterPartNumber: 'Ingresa el número de parte que deseas buscar.',
    enterPartNumberShort: 'Ingresa el número de parte para buscar',
    minLength: 'La búsqueda debe contener mínimo 3 caracteres.',
    // Tuerca wording
    // spec describes: "when both OEM and aftermarket are searched, no substitutes found in either"
    noSubstitutesInEither: 'No encontramos sustituciones para el número de parte {n} en repuestos originales ni en repuestos alternos.',
    searchPlaceholder: 'Buscar autopartes por nombre o número de parte',
    copyPartNumber: 'Copiar número de parte',
    partNumberCopied: 'Número de parte copiado', // toast shown 5 s
    chunkLoadFailed: 'No pudimos cargar esta sección. Recarga la página e intenta de nuevo.',
  },

  /** Product search result table (000 §2). */
  results: {
    relatedPartNumbers: 'Otros números de parte relacionados',
    // Tuerca wording
    relatedProducts: 'Otros productos relacionados', // spec: 'productos' instead of 'números de parte' when references are hidden
    photo: 'Foto',
    description: 'Descripción',
    compatibleVehicle: 'Vehículo compatible',
    observations: 'Observaciones',
    provider: 'Proveedor',
    brand: 'Marca',
    netPrice: 'Precio neto',
    deliveryTime: 'Tiempo de entrega',
    serviceOrder: 'Orden de servicio',
    options: 'Opciones',
    partNumber: 'Nº de parte',
    vehicleBrand: 'Marca del vehículo',
    addToQuoteList: 'Agregar a lista de cotización', // spec (en): 'add to quote list'
    becomeProvider: 'Quiero ser proveedor', // spec (en): 'become a provider'
    setReminder: 'Programar recordatorio',
    stock: 'Inventario: {quantity} unidades',
    additionalDiscount: 'Descuento adicional del {percentage}%',
  },

  /** Availability and sale models 1 (sale) and 2 (order) (000 §4). */
  availability: {
    requestQuotation: 'Solicita una cotización',
    addToQuotation: 'Agregar a cotización',
    addedToQuotationList: 'Agregado a lista de cotización',
    buy: 'Comprar',
    alreadyAdded: 'ya fue agregado',
    partNumberNotAvailable: 'El número de parte {n} no esta disponible',
    productNotAvailable: 'El producto seleccionado no esta disponible',
    // Tuerca wording
    goToCart: 'Ir al carrito', // link shown next to 'ya fue agregado'
    goToFavorites: 'Ir a favoritos',
  },

  /** Quotation sale model (salesModel 3) and quotation quantity (000 §4, §5; 001 §5). */
  quotation: {
    confirm: 'Confirmar',
    add: 'Agregar',
    waitingForConfirmation: 'Confirmando disponibilidad. Espera respuesta en tu WhatsApp',
    quantityMustBePositive: 'La cantidad debe ser mayor a cero',
    // spec: 'La cantidad disponible es de N unidades. Intenta con una cantidad menor.'
    quantityExceedsStock: 'La cantidad disponible es de {quantity} unidades. Intenta con una cantidad menor.',
    requestFailed: 'Ocurrió un error al procesar la solicitud!',
    quantity: 'Cantidad',
    // Tuerca wording
    quantityExceedsMax: 'La cantidad máxima permitida es de {max} unidades.', // spec: "the message is not shown"
    stockConfirmationSent: 'Solicitud de confirmación de disponibilidad enviada',
    stockConfirmationSentDetail: 'Recibirás la respuesta del vendedor en tu WhatsApp.',
    purchaseEnabledFor: 'Puedes comprar este producto durante las próximas {hours} horas',
    quotationPageTitle: 'Solicitud de cotización',
  },

  /** Marketplace order dialog (000 §2, §5; 001 §5). */
  marketplaceOrder: {
    termsRequired: 'Debes aceptar los términos y condiciones para continuar con el pedido',
    // Tuerca wording
    title: 'Realizar pedido',
    comment: 'Comentario',
    acceptTerms: 'Acepto los términos y condiciones',
    submit: 'Hacer pedido',
  },

  /** Service order price modal (000 §3, §5). */
  serviceOrder: {
    // Tuerca wording
    title: 'Precio para orden de servicio',
    typePrice: 'Tipo de precio',
    noUtility: 'Sin utilidad',
    priceWithUtility: 'Precio con utilidad',
    manualPrice: 'Precio manual',
    price: 'Precio',
    utility: 'Utilidad (%)',
    total: 'Total',
  },

  /** Compatible vehicles modal and compatibility questions (000 §2, §5, §8). */
  compatibility: {
    questionSent: 'Pregunta enviada exitosamente',
    // Tuerca wording
    // spec (en): 'Is this product compatible with my vehicle {brand} - {model} - {year}?'
    question: '¿Este producto es compatible con mi vehículo {brand} - {model} - {year}?',
    // spec (en), year omitted: 'Is this product compatible with my vehicle {brand} - {model}?'
    questionWithoutYear: '¿Este producto es compatible con mi vehículo {brand} - {model}?',
    questionSentDetail: 'Te avisaremos por WhatsApp cuando el vendedor responda.',
    modalTitle: 'Vehículos compatibles',
    brand: 'Marca',
    model: 'Modelo',
    year: 'Año',
    engine: 'Motor',
    searchPlaceholder: 'Buscar por marca, modelo, año o motor',
    requestTitle: 'Pregunta al vendedor si este producto es compatible con tu vehículo',
    sendQuestion: 'Enviar pregunta',
    vehicleRequired: 'Selecciona un vehículo para enviar la pregunta',
    aiAssigned: 'Compatibilidad asignada por inteligencia artificial',
  },

  /** OEM substitutions modal, substitutions panel and error report (000 §2, §8; 001 §2, §8). */
  substitutions: {
    modalTitle: 'Resultado busqueda Nº parte {n}',
    saveSubstitutions: 'Guardar sustituciones',
    searchPlaceholder: 'Buscar por marca o número de parte',
    reportError: 'Reportar un error',
    reportPlaceholder: 'Escribe detalladamente cual es el error...',
    reportSent: 'Tu reporte ha sido enviado exitosamente',
    reportSentDetail: 'Trabajaremos en la solución de este inconveniente para brindarte una mejor experiencia.',
    reportFailed: 'Ocurrió un error al enviar el reporte.',
    // Tuerca wording
    referencesRequired: 'Indica entre 1 y 20 números de parte en filter.references.',
    // Tuerca wording
    consultedLast30Days: 'Sustituciones consultadas en los últimos 30 días: {count}',
    availableQueries: 'Consultas disponibles: {amount} (vencen el {date})',
    loginRequired: 'Inicia sesión o crea una cuenta para seguir consultando sustituciones.',
    manufacturer: 'Fabricante',
    partNumber: 'Nº de parte',
    name: 'Nombre',
    sendReport: 'Enviar reporte',
    // replacement types
    typeDuplicate: 'Duplicado',
    typeReplacement: 'Reemplazo',
    typePartWhole: 'Parte de un conjunto',
    typeTuning: 'Tuning',
    typeSynonym: 'Sinónimo',
    typeCode: 'Código',
    // replacement ways
    wayForward: 'Directa',
    wayBackward: 'Inversa',
    wayBidirectional: 'Bidireccional',
  },

  /** Charging (consultation) plans: tabs, FAQ, plan selector and trials (000 §2, §3, §8; 001 §2, §8). */
  plans: {
    exhausted: 'Has agotado las consultas a {consultationType}', // spec: 'Has agotado las consultas a ...'
    // the same sentence completed for the three metered lookups
    exhaustedSubstitutions: 'Has agotado las consultas a sustituciones',
    exhaustedCatalog: 'Has agotado las consultas al catálogo',
    exhaustedPlate: 'Has agotado las consultas por placa',
    seePlansLink: 'ver planes',
    seePlans: 'Ver planes',
    subscriptionPlans: 'Planes de suscripción',
    recharge: 'Recargar',
    availableQueries: 'Consultas disponibles',
    customPlan: '¿Plan personalizado? Contáctanos', // spec: 'custom plan? Contáctanos'
    noPlans: 'En este momento no tenemos planes para el tipo de consulta que seleccionaste.',
    purchaseFailed: 'Ocurrió un error al procesar la petición, por favor intente más tarde.',
    trialFailed: 'Ocurrió un error al procesar tu solicitud, por favor, intenta más tarde.',
    trialRequested: 'Solicitud enviada',
    // Tuerca wording
    trialRequestedDetail: 'Te responderemos por correo electrónico.',
    // Tab labels, one per charging-plan key (plate_consultations, ...). The spec leaves the key of the
    // external-marketplace subscription unnamed; 'marketplaceSubscription' stands for it here.
    tabs: {
      plateConsultations: 'Consultas por placa',
      catalogConsultations: 'Consultas al catálogo',
      substitutionsConsultations: 'Consultas de sustituciones',
      generalInquiries: 'Consultas generales',
      storeImplementation: 'Implementación de tienda',
      productImages: 'Imágenes de productos',
      marketplaceSubscription: 'Integración con Mercado Libre',
      creditStudies: 'Estudios de crédito',
      creditRequests: 'Solicitudes de crédito',
      orders: 'Pedidos',
    },
    faqTitle: 'Preguntas frecuentes',
    buyPlan: 'Comprar plan',
    requestTrial: 'Solicitar consulta de prueba',
    notifications: 'Notificaciones de consultas',
    validity: 'Los planes tienen una vigencia de 90 días a partir de la recarga.',
    validityShort: 'Los planes de integración con marketplaces y de pedidos tienen una vigencia de 30 días.',
    noAutoRenew: 'Los planes no se renuevan automáticamente.',
    browsingWindow: 'Cada consulta te permite navegar el catálogo o las sustituciones durante 12 horas.',
    noChargeWhenNotFound: 'Si no encontramos resultados, no se descuenta ninguna consulta.',
    plateSavedInGarage: 'Cada consulta por placa queda guardada en tu garaje.',
    freePublications: 'Publicaciones gratis disponibles: {count}',
    price: 'Precio: {price}',
    // Plan management and trials (Tuerca wording)
    planNotFound: 'El plan no existe o fue eliminado.',
    planCreated: 'El plan se creó correctamente.',
    planUpdated: 'El plan se actualizó correctamente.',
    planDeleted: 'El plan se eliminó correctamente.',
    nothingToUpdate: 'No hay cambios para guardar',
    trialAlreadyRequested: 'Ya usaste tu consulta de prueba de «{consultationType}». Para seguir consultando, adquiere un plan.',
    trialNotAvailable:
      'Las consultas de prueba solo están disponibles para consultas por placa, al catálogo, de sustituciones y generales.',
    trialCredited: 'Te abonamos {amount} consultas de prueba, válidas hasta el {date}.', // date as DD/MM/YYYY
  },

  /** Plan payments through the payment gateway, its sandbox checkout and the result page (001 §4 "Plan purchase"). */
  payments: {
    // Tuerca wording
    planNotAvailable: 'El plan seleccionado no está disponible. Elige otro plan.',
    transactionNotFound: 'No encontramos esta transacción.',
    invalidReference: 'La referencia de pago no es válida.',
    unknownReference: 'No encontramos un pago con la referencia {reference}.',
    invalidSignature: 'La firma del evento de pago no es válida.',
    malformedEvent: 'El evento de pago no tiene el formato esperado.',
    mismatch: 'El valor o la moneda del evento no coinciden con el pago.',
    transactionAlreadyUsed: 'Esta transacción de la pasarela ya se aplicó a otro pago.',
    statusPending: 'Pago pendiente',
    statusApproved: 'Pago aprobado',
    statusDeclined: 'Pago rechazado',
    statusVoided: 'Pago anulado',
    statusError: 'Error en el pago',
    approvedDetail: 'Abonamos {amount} consultas a tu cuenta, válidas hasta el {date}.', // date as DD/MM/YYYY
    declinedDetail: 'Tu pago no fue aprobado y no se hizo ningún cobro. Puedes intentarlo de nuevo.',
    pendingDetail: 'Estamos esperando la confirmación de la pasarela de pagos.',
    // Sandbox checkout page (a stand-in for the gateway's own page outside production)
    checkoutTitle: 'Pasarela de pagos de prueba',
    sandboxNotice: 'Entorno de pruebas: no se hace ningún cobro real.',
    plan: 'Plan',
    consultations: '{amount} consultas con vigencia de {days} días',
    amountToPay: 'Valor a pagar',
    reference: 'Referencia',
    approve: 'Aprobar pago',
    decline: 'Rechazar pago',
    alreadyProcessed: 'Este pago ya fue procesado: {status}.',
    backToTuerca: 'Volver a Tuerca',
  },

  /** Cart, favourites and transactions (000 §7). */
  cart: {
    // Tuerca wording
    title: 'Carrito de compras',
    favorites: 'Favoritos',
    total: 'Total',
    saleReference: 'Referencia de venta',
    checkout: 'Ir a pagar',
    removeSelected: 'Eliminar seleccionados',
    downloadQuotation: 'Descargar cotización',
    minimumValueNotReached: 'Tu pedido no alcanza el valor mínimo de compra de la tienda.',
    emptyCart: 'Tu carrito está vacío',
    joinAsSupplier: 'Proveedores de autopartes', // /info/proveedores-autopartes
    wantToSell: 'Quiero vender', // /info/quiero-vender
  },

  /** Marketplace server answers (Tuerca wording: the spec does not show them). */
  marketplace: {
    productCreated: 'Producto publicado',
    productUpdated: 'Producto actualizado',
    productDepleted: 'Producto agotado',
    productRepublished: 'Producto publicado nuevamente',
    productDeleted: 'Producto eliminado',
    productsChanged: '{count} productos actualizados',
    duplicateProduct: 'Ya tienes publicado el número de parte {reference} de la marca {brand}.',
    visitCounted: 'Visita registrada',
    quotationAlreadyRequested: 'Ya solicitaste la confirmación de disponibilidad de este producto. Espera la respuesta en tu WhatsApp.',
    quotationOnlyForQuotationProducts: 'Este producto no se vende por cotización.',
    quotationAlreadyAnswered: 'Esta cotización ya fue respondida.',
    quotationWindowClosed: 'El tiempo para comprar este producto terminó. Solicita una nueva confirmación de disponibilidad.',
    quotationAnsweredAvailable: 'Respuesta enviada: el cliente puede comprar durante las próximas {hours} horas.',
    quotationAnsweredNotAvailable: 'Respuesta enviada: producto no disponible.',
    quotationRequiredToBuy: 'Para comprar este producto primero confirma su disponibilidad con el vendedor.',
    addedToCart: 'Producto agregado al carrito',
    addedToFavorites: 'Producto agregado a favoritos',
    cartItemUpdated: 'Cantidad actualizada',
    cartItemRemoved: 'Producto retirado',
    minimumOrderQuantity: 'La cantidad mínima de compra de este producto es de {min} unidades.',
    orderPlaced: 'Pedido {ref} realizado. El vendedor te contactará por WhatsApp.',
    serviceOrderSaved: 'Precio para orden de servicio guardado',
    storeSaved: 'Tienda guardada',
    pathPrefixTaken: 'El prefijo {prefix} ya lo usa otra tienda.',
  },

  /** Sellers' catalogue import from a spreadsheet (xlsx or csv): all or nothing, row errors in Spanish. */
  productImports: {
    // Tuerca wording
    unsupportedFormat: 'Solo se pueden importar archivos .xlsx o .csv.',
    emptyFile: 'El archivo está vacío.',
    fileTooLarge: 'El archivo pesa {size} MB: el máximo es {max} MB. Divídelo en varios archivos.',
    tooManyRows: 'El archivo tiene {count} filas de productos: el máximo es {max}. Divídelo en varios archivos.',
    unreadableXlsx: 'No se pudo leer el archivo Excel (.xlsx): guárdalo de nuevo como libro de Excel y vuelve a cargarlo.',
    noSheet: 'El libro de Excel no tiene hojas.',
    unreadableCsv: 'No se pudo leer el archivo CSV (fila {row}): revisa las comillas y los separadores.',
    noHeader: 'El archivo no tiene fila de encabezados.',
    noRows: 'El archivo no tiene productos para importar.',
    missingColumns: 'Faltan columnas obligatorias: {columns}.',
    repeatedColumn: 'La columna {column} aparece más de una vez (columnas {first} y {second}).',
    rowError: 'Fila {row}, columna {column}: {message}',
    notANumber: 'Debe ser un número',
    notABoolean: 'Escribe Sí o No',
    badSalesModel: 'Modelo de venta inválido: usa 1 (venta), 2 (pedido) o 3 (cotización)',
    badCartType: 'Usa carrito o favoritos',
    duplicateInFile: 'El número de parte {reference} de la marca {brand} ya aparece en la fila {row}',
    queued: 'Archivo recibido: la importación está en cola.',
    imported: 'Archivo importado: {inserted} productos nuevos y {updated} actualizados.',
    rejected: 'El archivo tiene {count} errores: no se importó ningún producto.',
    tooManyErrors: 'Se muestran los primeros {shown} errores de {count}.',
    failed: 'No pudimos procesar el archivo. Intenta cargarlo de nuevo.',
    notFound: 'Importación no encontrada',
    templateExample: 'Pastillas de freno delanteras',
    templateExampleDescription: 'Juego de pastillas cerámicas para eje delantero',
  },

  /** Original-parts catalogue, shared screens and old generation (001 §2, §5, §6, §8). */
  catalog: {
    viewing: 'Viendo {shown} de {total}', // spec: 'Viendo X de Y'
    noVehiclesFound: 'No se encontraron vehículos',
    carsLoadFailed: 'Ocurrió un error al cargar los vehículos, intenta mas tarde',
    premiumFeature: 'Contactanos para obtener más información de esta funcionalidad premium.',
    exportTitle: 'Catálogo de partes originales',
    exportVehicle: 'Vehículo',
    exportCatalog: 'Catálogo',
    exportGroup: 'Grupo',
    exportDate: 'Fecha',
    exportAllGroups: 'Todos los grupos',
    exportUnit: 'Unidad',
    exportCodeOnImage: 'Nº en diagrama',
    exportOem: 'Nº de parte (OEM)',
    exportFileName: 'catalogo',
    groups: 'Grupos',
    multipleOptions: 'Hay varias opciones disponibles para su vehículo, elija la correcta.',
    quantity: 'Cantidad',
    quantityTooltip: 'Cantidad de piezas contenidas en el vehículo',
    viewPartNumber: 'Ver Nº Parte',
    infoComingSoon: 'Información próximamente disponible',
    loginRequired: 'Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.',
    requestFailed: 'No podemos procesar tu solicitud en este momento',
    requestFailedDetail: 'Por favor intenta realizar la búsqueda nuevamente mas tarde.',
    // Tuerca wording
    title: 'Catálogos de autopartes originales',
    brandsCoverage: 'Más de 54 marcas de vehículos',
    language: 'Idioma del catálogo',
    howToUse: 'Cómo usar los catálogos',
    vehiclesConsultedLast30Days: 'Vehículos consultados en los últimos 30 días: {count}',
    filters: 'Filtros',
    name: 'Nombre',
    description: 'Descripción',
    position: 'Posición',
    partNumber: 'Nº de parte',
  },

  /** Version 2 catalogue: models, vehicles, groups tabs, diagrams and quote cart (001 §2). */
  catalogV2: {
    groupsTab: 'Grupos',
    detailedTab: 'Detallado',
    enter: 'Ingresar',
    // Tuerca wording
    newBadge: 'Nuevo',
    cards: 'Tarjetas',
    table: 'Tabla',
    brand: 'Marca',
    modelDesignation: 'Designación del modelo',
    attributes: 'Atributos',
    catalog: 'Catálogo',
    automaticFilter: 'Filtro automático',
    removeFilter: 'Quitar filtro',
    quickGroupSearch: 'Buscar grupo',
    searchInVehicle: 'Buscar por número de parte o nombre',
    openUnitInNewTab: 'Abrir el diagrama en una pestaña nueva',
    quoteCart: 'Carrito de cotización',
    addToQuoteCart: 'Agregar a cotización',
    requestQuotation: 'Solicitar cotización',
    noModels: 'No encontramos modelos para este catálogo. Busca tu vehículo por placa o por VIN.',
    // Tuerca wording (version 2 browsing: unknown ids)
    catalogNotFound: 'El catálogo {code} no existe.',
    vehicleNotFound: 'El vehículo no existe en este catálogo.',
    unitNotFound: 'El diagrama no existe para este vehículo.',
    categoryNotFound: 'La categoría no existe en este catálogo.',
    quickGroupNotFound: 'El grupo no existe en este catálogo.',
  },

  /** OEM (part-number) finder (001 §2, §8). */
  oem: {
    enterPartNumber: 'Ingresa el número de parte para buscar',
    notFound: 'Número de parte {n} no fue encontrado', // spec also writes {x}
    otherManufacturers: 'Pero encontramos sustituciones para otros fabricantes',
    seeAll: 'Ver todo',
    // Tuerca wording
    notInVehicle: 'El número de parte {n} no fue encontrado en el catálogo de este vehículo.',
    searchPlaceholder: 'Buscar por número de parte',
    catalogs: 'Catálogos',
    models: 'Modelos',
    vehicles: 'Vehículos',
    groups: 'Grupos',
    parts: 'Piezas',
    // Tuerca wording
    unknownCatalog: 'El catálogo {code} no existe.',
  },

  /** VIN search and VIN-not-found page (001 §2, §5, §8). */
  vin: {
    mustHave17: 'El VIN debe contener 17 caracteres',
    invalidTitle: 'El VIN no es válido',
    mustHave17Detail:
      'El VIN debe contener 17 caracteres, asegurate de ingresar el VIN de acuerdo con los documentos de registro de tu automóvil.',
    requestFailed: 'Ocurrío un error en la solicitud',
    requestPart: 'Solicitar Autoparte',
    // spec: 'El VIN ... aún no está registrado en ...' (second gap assumed to be the product name)
    notRegistered: 'El VIN {vin} aún no está registrado en Tuerca',
    // Tuerca wording
    tipCheckVin: 'Verifica que el VIN esté bien escrito.',
    tipTrySearch: 'Intenta buscar la autoparte en nuestro buscador o en el catálogo.',
    cannotSearchCatalog: 'No es posible buscar en el catálogo porque el VIN no tiene 17 caracteres.',
    notInCatalogs: 'Tu vehículo no está en nuestros catálogos. ¿Quieres ir al catálogo de autopartes?',
    goToCatalog: 'Ir al catálogo',
    placeholder: 'VIN o número de chasis (17 caracteres)',
    // Tuerca wording
    frameNotRegistered: 'El número de chasis {frame} aún no está registrado en Tuerca',
    invalidVinOrFrame: 'Escribe un VIN de 17 caracteres o un número de chasis como GRJ150-0012345.',
  },

  /** Licence-plate search panel (001 §2, §5, §8). */
  plate: {
    invalid: 'La placa no es valida',
    invalidDetail: 'Asegúrate de escribir la placa de tu vehículo correctamente.',
    mustHave6: 'La placa del vehículo debe contener 6 caracteres.',
    captchaRequired: 'Debes validar el Captcha',
    availableQueries: 'Consultas disponibles',
    recharge: 'Recargar',
    seePlans: 'Ver planes',
    verifyCompatibility: 'Verificar compatibilidad',
    save: 'Guardar',
    continue: 'Continuar',
    enter: 'Ingresar',
    notFound: 'Placa {plate} no encontrada',
    notFoundDetail: 'Verifica que hayas escrito bien la placa ó intenta buscando la autoparte a través de nuestro cátalogo de repuestos.',
    notFoundInTuerca: 'Placa {plate} no encontrada en Tuerca', // spec: 'Placa {plate} no encontrada en the product'
    fillVehicleForm: 'Diligencia los datos del vehículo en el siguiente formulario.',
    checkAndRetry: 'Revisa la información ingresada y vuelve a intentarlo.',
    checkPlateSpelling: 'Verifica que hayas escrito correctamente la placa del vehículo.',
    lookupError: 'Error al consultar el vehículo',
    // Tuerca wording
    placeholder: 'Placa',
    searchByPlate: 'Buscar por placa',
    notRegisteredInCountry: 'La placa {plate} no está registrada en {country}',
    serviceIntermittent: 'El servicio de consulta por placa presenta intermitencias en este momento.',
    serviceIntermittentGuest:
      'Regístrate y te avisaremos por correo electrónico y por WhatsApp cuando el servicio vuelva a estar disponible.',
    serviceIntermittentUser: 'Espera unos minutos e intenta de nuevo, o solicita una cotización con los datos de tu vehículo.',
    guestOutOfQueries: 'Inicia sesión o crea una cuenta para seguir consultando vehículos por placa.',
    notificationSettings: 'Configurar notificaciones de consultas',
  },

  /** Vehicle card panel (001 §2). */
  vehicleCard: {
    diagramUnavailable: '* La opción de búsqueda en diagrama de partes, no está disponible para este vehículo.',
    // Tuerca wording
    found: 'Vehículo encontrado en Tuerca', // spec: "the vehicle was found in the product"
    guestNoQueries: 'Con la placa identificamos tu vehículo y las autopartes compatibles con él.',
    requestPartsQuotation: 'Solicitar cotización de autopartes', // spec (en): 'request a parts quotation'
    viewPartsInCatalog: 'Ver autopartes en el catálogo', // spec (en): 'view parts in the catalogue'
    // spec (en): 'available products for the brand and model'
    availableProducts: 'Productos disponibles para la marca y el modelo',
  },

  /** Vehicle form (lite) (001 §2, §3, §5). */
  vehicleForm: {
    invalidYear: 'Año invalido',
    vinLength: 'El VIN debe ser de 17 caracteres',
    // Tuerca wording
    chooseFromGarage: 'Elige un vehículo de tu garaje',
    garageSearchPlaceholder: 'Tienes {count} vehículos. Busca por vehículo, placa o VIN',
    createByPlate: 'Crear vehículo con la placa',
    createManually: 'Crear vehículo ingresando los datos',
    brand: 'Marca',
    brandSearchPlaceholder: 'Buscar marca',
    model: 'Modelo',
    year: 'Año',
    vin: 'VIN',
    cylinderCapacity: 'Cilindraje',
    numberOfCylinders: 'Número de cilindros',
    numberOfAxes: 'Número de ejes',
    vehicleClass: 'Clase',
    bodyType: 'Tipo de carrocería',
    numberOfDoors: 'Número de puertas',
    version: 'Versión',
    city: 'Ciudad',
    transitAgency: 'Organismo de tránsito',
    countryOfOrigin: 'País de origen',
    licensePlate: 'Placa',
    observations: 'Observaciones',
    engineNumber: 'Número de motor',
    chassisNumber: 'Número de chasis',
    fuelType: 'Tipo de combustible',
    color: 'Color',
    propertyCardImage: 'Foto de la tarjeta de propiedad',
    plateAlphanumeric: 'La placa solo puede contener letras y números',
    plateLength: 'La placa debe tener entre {min} y {max} caracteres',
    yearRange: 'El año debe estar entre {min} y {max}',
    verifiedLocked: 'Este vehículo está verificado; sus datos no se pueden modificar.',
    nothingSelected: 'Elige un vehículo de tu garaje o completa los datos del vehículo.',
  },

  /** Garage (001 §2, §4). */
  garage: {
    createVehicle: 'Crear vehículo',
    vehicleCreated: 'Vehículo creado en tu garaje',
    // Tuerca wording
    title: 'Mi garaje',
    vehicleCount: '{count} vehículos',
    empty: 'Aún no tienes vehículos en tu garaje',
    images: 'Imágenes del vehículo',
    saveImages: 'Guardar imágenes',
    imagesSaved: 'Las imágenes se guardaron correctamente',
    sampleVehicle: 'Vehículo de ejemplo',
    // Tuerca wording: garage rules and errors
    vehicleNotFound: 'Vehículo no encontrado en tu garaje',
    plateAlreadyInGarage: 'Ya tienes un vehículo con la placa {plate} en tu garaje',
    brandNotInList: 'Elige una marca de la lista',
    countryCannotChange: 'El país del vehículo no se puede cambiar',
    vehicleUpdated: 'Vehículo actualizado',
    vehicleRemoved: 'Vehículo eliminado de tu garaje',
    imageInvalidType: 'El archivo debe ser una imagen JPEG, PNG o WebP',
    imageTypeMismatch: 'El contenido del archivo no corresponde al tipo {declared}',
    imageTooLarge: 'Cada imagen debe pesar como máximo {maxMb} MB',
    tooManyImages: 'Un vehículo puede tener como máximo {max} imágenes',
    imageNotFound: 'Imagen no encontrada',
    imagesRequired: 'Agrega al menos una imagen o elige una para eliminar',
  },

  /** Vehicle brands (001 §7). */
  vehicleBrands: {
    // Tuerca wording
    brandNotFound: 'Marca no encontrada',
    unknownScope: 'Alcance desconocido: {scope}',
  },

  /** Activity agenda (001 §2, §3, §8). */
  agenda: {
    modalTitle: 'Programar una actividad en tu agenda',
    success: '¡Correcto!',
    scheduled: 'La actividad se agendó exitosamente.',
    pending: 'Pendiente',
    done: 'Realizado',
    // Tuerca wording
    name: 'Nombre',
    date: 'Fecha',
    description: 'Descripción',
    state: 'Estado',
    updated: 'La actividad se actualizó exitosamente.',
    deleted: 'La actividad se eliminó exitosamente.',
  },

  /** View switcher (001 §2). */
  viewSwitcher: {
    // Tuerca wording
    cards: 'Tarjetas en lista',
    squareCards: 'Tarjetas cuadradas',
    table: 'Tabla',
  },

  /** Catalogue language selector, one label per catalogue language code (27; 000 §9, 001 §9). */
  languages: {
    // Tuerca wording
    esES: 'Español',
    enUS: 'Inglés',
    frFR: 'Francés',
    ruRU: 'Ruso',
    deDE: 'Alemán',
    elGR: 'Griego',
    itIT: 'Italiano',
    nlNL: 'Neerlandés',
    plPL: 'Polaco',
    ptPT: 'Portugués',
    svSE: 'Sueco',
    trTR: 'Turco',
    zhCN: 'Chino',
    daDK: 'Danés',
    noNO: 'Noruego',
    etEE: 'Estonio',
    fiFI: 'Finlandés',
    huHU: 'Húngaro',
    csCZ: 'Checo',
    roRO: 'Rumano',
    hrHR: 'Croata',
    bgBG: 'Búlgaro',
    skSK: 'Eslovaco',
    ltLT: 'Lituano',
    lvLV: 'Letón',
    slSI: 'Esloveno',
    ukUA: 'Ucraniano',
  },

  /** Session checks and login prompts (000 §4, §6; 001 §4). */
  session: {
    // Tuerca wording
    expired: 'Tu sesión ha expirado. Inicia sesión de nuevo.',
    loggedOut: 'Cerraste sesión correctamente.',
    loginTitle: 'Iniciar sesión',
    createAccount: 'Crear cuenta',
    loginRequired: 'Debes iniciar sesión para continuar.',
    freeSearchesLeft: 'Inicia sesión o crea una cuenta para seguir consultando gratis.',
    loginToQuote: 'Inicia sesión para solicitar una cotización.',
    loginToAsk: 'Inicia sesión para preguntarle al vendedor.',
    loginToRequestTrial: 'Inicia sesión para solicitar una consulta de prueba.',
  },

  /** Authentication and authorisation (platform). */
  auth: {
    // Tuerca wording
    invalidCredentials: 'Correo o contraseña incorrectos',
    tooManyAttempts: 'Demasiados intentos. Intenta de nuevo en {minutes} minutos.',
    emailAlreadyRegistered: 'Este correo electrónico ya está registrado',
    passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
    signUpIncomplete: 'Debes completar tu registro para continuar',
    forbidden: 'No tienes permiso para realizar esta acción',
    email: 'Correo electrónico',
    password: 'Contraseña',
  },

  /** Auto Care ACES and PIES file imports into the catalogue (operators). */
  catalogImports: {
    // Tuerca wording
    malformedXml: 'El archivo XML está mal formado (línea {line}, columna {col}): revísalo y vuelve a cargarlo.',
    wrongRoot: 'El archivo no es un documento {kind}: falta el elemento raíz <{root}>.',
    noRecords: 'El archivo no contiene registros para importar.',
    recordCountMismatch: 'El pie del archivo declara {declared} registros, pero se encontraron {found}.',
    badRecordCount: 'El conteo de registros del pie del archivo ("{value}") no es un número válido.',
    missingAppId: 'Falta el id de la aplicación.',
    duplicateId: 'El registro {id} aparece más de una vez en el archivo.',
    unknownAction: 'Acción "{action}" desconocida: usa A (agregar) o D (eliminar).',
    unknownMaintenanceType: 'Tipo de mantenimiento "{action}" desconocido: usa A (agregar), C (cambiar) o D (eliminar).',
    missingBaseVehicle: 'Falta el vehículo base (BaseVehicle) o su id no es válido.',
    badQty: 'La cantidad (Qty) "{qty}" no es un número entero positivo.',
    missingPartType: 'Falta el tipo de parte (PartType) o su id no es válido.',
    missingPart: 'Falta el número de parte (Part).',
    missingBrand: 'Falta la marca (BrandAAIAID).',
    badId: 'El id "{id}" de {element} no es un número válido.',
    missingPartNumber: 'Falta el número de parte (PartNumber).',
    badPartTerminology: 'Falta el tipo de parte (PartTerminologyID) o no es un número válido.',
    badPrice: 'El precio "{price}" no es un número válido.',
    applicationNotFound: 'No existe una aplicación con id {id} para eliminar.',
    itemNotFound: 'No existe el artículo {partNumber} de la marca {brand} para eliminar.',
    rejected: 'El archivo tiene {count} errores: no se importó ningún registro.',
    tooManyErrors: 'Se muestran los primeros {shown} errores de {count}.',
    imported: 'Archivo importado: {count} registros.',
  },

  /** Cross-references of OEM numbers (catalogue operators, PIES interchange, republication). Tuerca wording. */
  crossReferences: {
    oemRequired: 'Indica el número OEM.',
    oemWithoutCharacters: 'El número OEM "{oem}" no tiene letras ni números.',
    partWithoutCharacters: 'El número de parte "{part}" no tiene letras ni números.',
    sameAsOem: 'La referencia {part} es el mismo número OEM: no puede ser su propia referencia cruzada.',
    duplicateReference: 'La referencia {part} de {manufacturer} aparece más de una vez en la lista.',
    badType: 'Tipo de referencia cruzada inválido: usa duplicate, replacement, part whole, tuning, synonym o code.',
    badWay: 'Sentido de referencia cruzada inválido: usa forward, backward o bidirectional.',
    unknownCatalog: 'No existe el catálogo {code}.',
    tooMany: 'El número OEM {oem} tendría {count} referencias cruzadas; el máximo es {max}.',
    saved: 'Referencias cruzadas del OEM {oem} guardadas: {count}.',
    interchangeMissingPart: 'Falta el número de parte (PartNumber) del intercambio con la marca {brand}.',
    interchangeBadAction:
      'Tipo de mantenimiento "{action}" del intercambio {part} desconocido: usa A (agregar), C (cambiar) o D (eliminar).',
    interchangeBadQuantity: 'La cantidad de intercambio (InterchangeQuantity) "{quantity}" del intercambio {part} no es un número válido.',
    republishQueued: 'Republicación de referencias cruzadas en curso.',
    jobNotFound: 'No existe el trabajo de republicación {jobId}.',
  },

  /** Field validation. 'required' is the spec's default required-field text (001 §5); the others are platform texts. */
  validation: {
    required: 'Este campo es requerido!',
    // Tuerca wording
    fieldRequired: 'Este campo es obligatorio',
    integer: 'Debe ser un número entero',
    minLength: 'Debe tener al menos {min} caracteres',
    maxLength: 'Debe tener como máximo {max} caracteres',
    min: 'Debe ser mayor o igual a {min}',
    max: 'Debe ser menor o igual a {max}',
    email: 'Correo electrónico inválido',
    invalidValue: 'Valor inválido',
    invalidJson: 'Formato JSON inválido',
    invalidDate: 'Fecha inválida',
  },

  /** Generic error texts (platform). */
  errors: {
    // Tuerca wording
    unexpected: 'Ocurrió un error inesperado. Intenta de nuevo.',
    notFound: 'Recurso no encontrado',
    tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en unos minutos.',
    serviceUnavailable: 'El servicio no está disponible en este momento. Intenta más tarde.',
  },

  /** Empty states (000 §8, 001 §8). */
  emptyStates: {
    noInformation: '¡Vaya!, parece que no hay información para mostrar.',
    notEnoughData: 'No hay suficientes datos.',
    noResults: 'No hay resultados para mostrar',
    useOtherFilters: 'Por favor utiliza otros filtros para la búsqueda.',
  },

  /** Customer console texts the spec only describes (issue 7), in the same register. */
  customerConsole: {
    appName: 'Tuerca',
    tagline: 'Autopartes originales y alternas para Colombia y México',
    skipToContent: 'Saltar al contenido',
    home: 'Inicio',
    catalogs: 'Catálogos',
    garage: 'Mi garaje',
    plans: 'Planes',
    openMenu: 'Abrir menú',
    account: 'Mi cuenta',
    hello: 'Hola, {name}',
    guest: 'Invitado',
    login: 'Iniciar sesión',
    logout: 'Cerrar sesión',
    register: 'Crear cuenta',
    name: 'Nombre completo',
    mobile: 'Celular (WhatsApp)',
    country: 'País',
    accountType: 'Tipo de cuenta',
    roleCustomer: 'Comprador',
    roleWorkshop: 'Taller',
    roleSeller: 'Vendedor',
    noAccount: '¿No tienes cuenta? Créala gratis',
    haveAccount: '¿Ya tienes cuenta? Inicia sesión',
    loginPromptTitle: 'Inicia sesión para continuar',
    loginPromptClosable: 'Llevas {count} consultas gratis. Inicia sesión o crea una cuenta para seguir consultando.',
    welcomeBack: 'Bienvenido, {name}',
    accountCreated: 'Tu cuenta fue creada',
    homeTitle: 'Encuentra la autoparte que necesitas',
    homeSearchLabel: 'Buscar autopartes',
    homeSearchPlaceholder: 'Nombre, número de parte, VIN de 17 caracteres o placa',
    homeSearchHelp: 'Entendemos texto (pastillas de freno), números de parte (WK616/1), VIN (17 caracteres) y placas (ABC123).',
    kindText: 'Búsqueda por texto',
    kindPartNumber: 'Número de parte',
    kindVin: 'VIN',
    kindPlate: 'Placa',
    searchAs: 'Buscar como: {kind}',
    brandGridTitle: 'Catálogos por marca',
    searchByPlateCta: 'Buscar vehículo por placa',
    vinTitle: 'Buscar por VIN',
    vinSearching: 'Buscando el VIN {vin}...',
    vinResults: 'Vehículos encontrados para el VIN {vin}',
    chooseVehicle: 'Elige tu vehículo para ver sus grupos de piezas',
    models: 'Modelos de {brand}',
    vehicles: 'Vehículos',
    units: 'Diagramas',
    detailList: 'Piezas del grupo',
    chooseQuickGroup: 'Elige un grupo para ver sus piezas.',
    quickGroupMinChars: 'Escribe al menos 3 caracteres para filtrar.',
    noGroupsMatch: 'Ningún grupo coincide con «{text}».',
    diagramOf: 'Diagrama de {name}',
    hotspot: 'Posición {code}',
    partAdded: 'Agregamos {reference} al carrito de cotización',
    partAlreadyAdded: '{reference} ya está en el carrito de cotización',
    quoteCartEmpty: 'Aún no has agregado piezas para este vehículo.',
    quoteCartCount: '{count} piezas',
    removePart: 'Quitar pieza',
    partsTable: 'Piezas del diagrama',
    selected: 'Seleccionada',
    vehicleInfo: 'Datos del vehículo',
    searchPartsOf: 'Buscar {reference} en las tiendas',
    backToGroups: 'Volver a los grupos',
    plateTitle: 'Consulta de vehículo por placa',
    plateHelp: 'Escribe la placa sin guiones ni espacios.',
    plateCountry: 'País de la placa',
    captchaTitle: 'Verificación humana',
    captchaHelp: 'Resolvemos un pequeño cálculo en tu navegador para confirmar que eres una persona.',
    captchaVerified: 'Verificación completada',
    lookingUp: 'Consultando la placa {plate}...',
    vehicleSaved: 'Guardado en tu garaje',
    vehicleAlreadyInGarage: 'Este vehículo ya estaba en tu garaje',
    goToGarage: 'Ir a mi garaje',
    garageLoginRequired: 'Inicia sesión para ver los vehículos de tu garaje.',
    garageSearch: 'Buscar por vehículo, placa o VIN',
    vehicleColumn: 'Vehículo',
    yearColumn: 'Año',
    sourceColumn: 'Origen',
    sourcePlate: 'Consulta por placa',
    sourceManual: 'Creado a mano',
    deleteVehicle: 'Eliminar vehículo',
    planCardConsultations: '{amount} consultas',
    planValidity: 'Vigencia de {days} días',
    goingToGateway: 'Te llevamos a la pasarela de pagos...',
    paymentResultTitle: 'Resultado del pago',
    paymentChecking: 'Consultando el estado de tu pago...',
    newBalance: 'Saldo de {type}: {amount} consultas',
    balanceExpires: 'Vencen el {date}',
    continueSearching: 'Seguir consultando',
    signUpIncomplete: 'Completa tu registro (nombre, celular y país) para comprar planes y cotizar.',
    resultsTitle: 'Resultados para «{search}»',
    resultsCount: '{count} productos',
    searchingProducts: 'Buscando productos...',
    substitutesOf: 'Sustituciones de {reference}',
    originalParts: 'Equivalencias en el catálogo',
    replacementType: 'Tipo',
    replacementWay: 'Sentido',
    moveWindow: 'Arrastra para mover la ventana',
    resizeWindow: 'Arrastra para cambiar el tamaño',
    maximize: 'Maximizar',
    restore: 'Restaurar',
    copied: 'Copiado',
    cartItems: 'Carrito: {count}',
    favoritesItems: 'Favoritos: {count}',
    quotationRequested: 'Solicitud de cotización enviada',
    addedToCart: 'Producto agregado',
    noImage: 'Sin foto',
    pageNotFound: 'Página no encontrada',
    backHome: 'Volver al inicio',
    oemSearchTitle: 'Número de parte {n}',
    catalogsWithPart: 'Catálogos con esta pieza',
    freeSearchesLeft: 'Te quedan {count} consultas gratis',
    partNumberHidden: 'Nº oculto',
    // cart pages (000 §2 /cart/page/index/{section})
    cartSections: 'Secciones del carrito',
    emptyFavorites: 'Aún no tienes productos en favoritos',
    cartLoadFailed: 'No pudimos cargar tu carrito. Intenta de nuevo.',
    unitPrice: 'Precio unitario',
    subtotal: 'Subtotal',
    priceToAgree: 'Precio por confirmar',
    quantityOf: 'Cantidad de {title}',
    removeItem: 'Quitar {title}',
    updateQuantity: 'Actualizar',
    quotedItem: 'Cotizado',
    storeTotal: 'Total {store}',
    storeMinimum: 'Compra mínima en {store}: {minimum}',
    verifyMinimum: 'Verificar valor mínimo',
    minimumReached: 'Tu pedido cumple el valor mínimo de compra de cada tienda.',
    keepSearching: 'Seguir buscando autopartes',
    // quotation flow and order dialog (000 §2, §4, §5)
    remainingTime: 'Tiempo restante para comprar: {time}',
    hoursMinutes: '{hours} h {minutes} min',
    windowClosed: 'El tiempo para comprar terminó',
    makeOrder: 'Hacer pedido',
    orderQuantity: 'Cantidad a pedir',
    orderQuantityHelp: 'Máximo {max} unidades',
    orderCommentPlaceholder: 'Indicaciones para el vendedor (opcional)',
    orderOf: 'Pedido de {title}',
    orderTotal: 'Total estimado: {total}',
    // service order price modal (000 §2, §5)
    serviceOrderButton: 'Orden de servicio',
    serviceOrderBase: 'Precio del producto: {price}',
    serviceOrderLoginRequired: 'Inicia sesión para guardar precios de orden de servicio.',
    // substitutions: selection, report, plans toggle (000 §2, 001 §2)
    selectSubstitution: 'Seleccionar {reference}',
    substitutionsSaved: 'Guardamos {count} sustituciones del número de parte {n}',
    selectToSave: 'Selecciona las sustituciones que quieres guardar.',
    hidePlans: 'ocultar planes',
    reportTitle: 'Reportar un error en las sustituciones de {n}',
    reportLabel: 'Describe el error',
    openSubstitutions: 'Ver sustituciones',
    // view switcher (001 §2)
    viewMode: 'Cambiar vista',
    newViewMode: 'Nuevo',
    stock: 'Disponibles: {count}',
    // lite vehicle form (001 §2, §5)
    addVehicle: 'Agregar vehículo',
    noGarageMatches: 'Ningún vehículo de tu garaje coincide con la búsqueda.',
    chosenVehicle: 'Vehículo elegido: {vehicle}',
    plateSearchHelp: 'Consulta la placa y guardaremos el vehículo en tu garaje.',
    openPlateSearch: 'Consultar placa',
    plateSearchDisabled: 'La consulta por placa no está disponible en este momento.',
    vehicleCountry: 'País del vehículo',
    // OEM finder scenarios (001 §2)
    oemVehiclesOf: 'Vehículos de {catalog} con el número de parte {n}',
    oemGroupsOf: 'Grupos de {vehicle} con el número de parte {n}',
    enterVehicle: 'Ingresar',
    openUnit: 'Ver diagrama',
    oemCatalogsOf: 'Catálogos en los que aparece el número de parte {n}',
    oemUnitsOf: 'Diagramas de {vehicle} con el número de parte {n}',
    oemPartsOf: 'Piezas de {unit} con el número de parte {n}',
    oemSearchedPart: 'Número de parte buscado',
    oemOtherCatalogs: 'Fabricantes con sustituciones de este número de parte',
    oemSearchInVehicle: 'Buscar un número de parte en este vehículo',
    oemSearchButton: 'Buscar número de parte',
    oemSearchLevels: 'Niveles de la búsqueda por número de parte',
    // vehicle card in the garage (001 §2 vehicleCardModal)
    vehicleCardOpen: 'Ver ficha del vehículo',
    vehicleCardTitle: 'Ficha del vehículo',
    // models table (001 §2: cards/table toggle, table in 3 columns)
    modelColumn: 'Modelo',
  },

  /** The operator console's API (/admin-api). Tuerca wording. */
  adminConsole: {
    methodNotAllowed: 'Esta acción no está disponible para este recurso.',
    sortNotAllowed: 'No se puede ordenar por el campo {field}.',
    cannotDeleteUsers: 'Las cuentas no se eliminan: desactívalas para impedir el acceso.',
    cannotChangeOwnAccess: 'No puedes quitarte el rol de operador ni desactivar tu propia cuenta.',
    userCreated: 'La cuenta se creó correctamente.',
    userUpdated: 'La cuenta se actualizó correctamente.',
    balanceCredited: 'Se acreditaron {amount} consultas.',
    reportResolved: 'El reporte quedó marcado como resuelto.',
    reportReopened: 'El reporte quedó pendiente de nuevo.',
  },

  /** WhatsApp and e-mail messages the notifications context sends (000 §5: the seller is asked on WhatsApp, the person answered there). */
  notifications: {
    // Tuerca wording
    quoteRequested:
      'Tuerca: {customer} quiere confirmar la disponibilidad de {title} (ref. {reference}), cantidad: {quantity}. Responde la solicitud en tu panel de cotizaciones de Tuerca.',
    someone: 'Un cliente',
    sellerAvailable:
      'Tuerca: {store} confirmó que tiene disponible {title} (ref. {reference}). Puedes comprarlo hasta el {until} (hora de Bogotá).',
    sellerAvailableNoWindow: 'Tuerca: {store} confirmó que tiene disponible {title} (ref. {reference}). Ya puedes comprarlo en Tuerca.',
    sellerNotAvailable: 'Tuerca: {store} no tiene disponible {title} (ref. {reference}). Busca otras opciones en Tuerca.',
    planPurchased: 'Tuerca: tu pago {reference} fue aprobado. Plan: {plan}; cantidad acreditada: {amount}.',
    noStoreMobile: 'La tienda no tiene un número de WhatsApp registrado.',
    noCustomerMobile: 'La persona no dio un número de WhatsApp.',
    noRecipientInEvent: 'El evento no trae el correo ni el número de la persona.',
    messageNotFound: 'Notificación no encontrada',
    onlyFailedRetry: 'Solo se pueden reintentar las notificaciones fallidas.',
  },
} as const;

export type Messages = typeof es;
