# Compiled from ui/add_copies.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QFrame,
    QGroupBox, QHBoxLayout, QLabel, QRadioButton,
    QScrollArea, QSizePolicy, QSpacerItem, QSpinBox,
    QVBoxLayout, QWidget)

class Ui_AddCopiesDialog(object):
    def setupUi(self, AddCopiesDialog):
        if not AddCopiesDialog.objectName():
            AddCopiesDialog.setObjectName(u"AddCopiesDialog")
        AddCopiesDialog.resize(460, 480)
        self.mainLayout = QVBoxLayout(AddCopiesDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.templateLabel = QLabel(AddCopiesDialog)
        self.templateLabel.setObjectName(u"templateLabel")
        self.templateLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.templateLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.templateLabel)

        self.formLayout = QFormLayout()
        self.formLayout.setObjectName(u"formLayout")
        self.countLabel = QLabel(AddCopiesDialog)
        self.countLabel.setObjectName(u"countLabel")

        self.formLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.countLabel)

        self.count = QSpinBox(AddCopiesDialog)
        self.count.setObjectName(u"count")
        self.count.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.count.setMinimum(1)
        self.count.setMaximum(50)

        self.formLayout.setWidget(0, QFormLayout.ItemRole.FieldRole, self.count)

        self.hpLabel = QLabel(AddCopiesDialog)
        self.hpLabel.setObjectName(u"hpLabel")

        self.formLayout.setWidget(1, QFormLayout.ItemRole.LabelRole, self.hpLabel)

        self.hpModes = QWidget(AddCopiesDialog)
        self.hpModes.setObjectName(u"hpModes")
        self.hpModesLayout = QVBoxLayout(self.hpModes)
        self.hpModesLayout.setObjectName(u"hpModesLayout")
        self.hpModesLayout.setContentsMargins(0, 0, 0, 0)
        self.fixedRow = QHBoxLayout()
        self.fixedRow.setObjectName(u"fixedRow")
        self.hpFixed = QRadioButton(self.hpModes)
        self.hpFixed.setObjectName(u"hpFixed")

        self.fixedRow.addWidget(self.hpFixed)

        self.fixedHp = QSpinBox(self.hpModes)
        self.fixedHp.setObjectName(u"fixedHp")
        self.fixedHp.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.fixedHp.setMinimum(-99)
        self.fixedHp.setMaximum(999)
        self.fixedHp.setValue(1)

        self.fixedRow.addWidget(self.fixedHp)

        self.fixedSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.fixedRow.addItem(self.fixedSpacer)


        self.hpModesLayout.addLayout(self.fixedRow)

        self.hpRoll = QRadioButton(self.hpModes)
        self.hpRoll.setObjectName(u"hpRoll")

        self.hpModesLayout.addWidget(self.hpRoll)

        self.hpAverage = QRadioButton(self.hpModes)
        self.hpAverage.setObjectName(u"hpAverage")

        self.hpModesLayout.addWidget(self.hpAverage)


        self.formLayout.setWidget(1, QFormLayout.ItemRole.FieldRole, self.hpModes)

        self.numberingLabel = QLabel(AddCopiesDialog)
        self.numberingLabel.setObjectName(u"numberingLabel")

        self.formLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.numberingLabel)

        self.numbering = QComboBox(AddCopiesDialog)
        self.numbering.setObjectName(u"numbering")
        self.numbering.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.formLayout.setWidget(2, QFormLayout.ItemRole.FieldRole, self.numbering)

        self.hidden = QCheckBox(AddCopiesDialog)
        self.hidden.setObjectName(u"hidden")

        self.formLayout.setWidget(3, QFormLayout.ItemRole.FieldRole, self.hidden)


        self.mainLayout.addLayout(self.formLayout)

        self.missingBox = QGroupBox(AddCopiesDialog)
        self.missingBox.setObjectName(u"missingBox")
        self.missingLayout = QFormLayout(self.missingBox)
        self.missingLayout.setObjectName(u"missingLayout")

        self.mainLayout.addWidget(self.missingBox)

        self.allowZero = QCheckBox(AddCopiesDialog)
        self.allowZero.setObjectName(u"allowZero")

        self.mainLayout.addWidget(self.allowZero)

        self.previewBox = QGroupBox(AddCopiesDialog)
        self.previewBox.setObjectName(u"previewBox")
        self.previewLayout = QVBoxLayout(self.previewBox)
        self.previewLayout.setObjectName(u"previewLayout")
        self.previewScroll = QScrollArea(self.previewBox)
        self.previewScroll.setObjectName(u"previewScroll")
        self.previewScroll.setFrameShape(QFrame.NoFrame)
        self.previewScroll.setWidgetResizable(True)
        self.previewContents = QWidget()
        self.previewContents.setObjectName(u"previewContents")
        self.previewContentsLayout = QVBoxLayout(self.previewContents)
        self.previewContentsLayout.setObjectName(u"previewContentsLayout")
        self.previewContentsLayout.setContentsMargins(0, 0, 0, 0)
        self.previewLabel = QLabel(self.previewContents)
        self.previewLabel.setObjectName(u"previewLabel")
        self.previewLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.previewLabel.setAlignment(Qt.AlignLeft|Qt.AlignTop)
        self.previewLabel.setTextInteractionFlags(Qt.TextSelectableByKeyboard|Qt.TextSelectableByMouse)
        self.previewLabel.setWordWrap(True)

        self.previewContentsLayout.addWidget(self.previewLabel)

        self.previewScroll.setWidget(self.previewContents)

        self.previewLayout.addWidget(self.previewScroll)


        self.mainLayout.addWidget(self.previewBox)

        self.warningLabel = QLabel(AddCopiesDialog)
        self.warningLabel.setObjectName(u"warningLabel")
        self.warningLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.warningLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.warningLabel)

        self.messageLabel = QLabel(AddCopiesDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(AddCopiesDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

        self.mainLayout.setStretch(4, 1)
#if QT_CONFIG(shortcut)
        self.countLabel.setBuddy(self.count)
        self.numberingLabel.setBuddy(self.numbering)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(AddCopiesDialog)
        self.buttonBox.accepted.connect(AddCopiesDialog.accept)
        self.buttonBox.rejected.connect(AddCopiesDialog.reject)

        QMetaObject.connectSlotsByName(AddCopiesDialog)
    # setupUi

    def retranslateUi(self, AddCopiesDialog):
        AddCopiesDialog.setWindowTitle(QCoreApplication.translate("AddCopiesDialog", u"Add copies", None))
#if QT_CONFIG(accessibility)
        self.templateLabel.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"The template the copies are made from", None))
#endif // QT_CONFIG(accessibility)
        self.countLabel.setText(QCoreApplication.translate("AddCopiesDialog", u"How &many:", None))
#if QT_CONFIG(accessibility)
        self.count.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"How many copies", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.count.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"How many copies to add, 1 to 50", None))
#endif // QT_CONFIG(tooltip)
        self.hpLabel.setText(QCoreApplication.translate("AddCopiesDialog", u"HP:", None))
#if QT_CONFIG(accessibility)
        self.hpModes.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"How each copy's HP is found", None))
#endif // QT_CONFIG(accessibility)
        self.hpFixed.setText(QCoreApplication.translate("AddCopiesDialog", u"&Fixed", None))
#if QT_CONFIG(tooltip)
        self.hpFixed.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"Every copy starts with the same HP", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.fixedHp.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"Fixed HP of every copy", None))
#endif // QT_CONFIG(accessibility)
        self.hpRoll.setText(QCoreApplication.translate("AddCopiesDialog", u"&Rolled for each copy", None))
#if QT_CONFIG(tooltip)
        self.hpRoll.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"HarmDesk rolls the template's HP dice once for each copy; the faces are logged", None))
#endif // QT_CONFIG(tooltip)
        self.hpAverage.setText(QCoreApplication.translate("AddCopiesDialog", u"The dice's a&verage", None))
#if QT_CONFIG(tooltip)
        self.hpAverage.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"Every copy starts with the average of the template's HP dice", None))
#endif // QT_CONFIG(tooltip)
        self.numberingLabel.setText(QCoreApplication.translate("AddCopiesDialog", u"&Numbering:", None))
#if QT_CONFIG(accessibility)
        self.numbering.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"How the copies are numbered", None))
#endif // QT_CONFIG(accessibility)
        self.hidden.setText(QCoreApplication.translate("AddCopiesDialog", u"&Hidden from the players", None))
#if QT_CONFIG(tooltip)
        self.hidden.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"The players' display leaves the copies out until you show them (Ctrl+R)", None))
#endif // QT_CONFIG(tooltip)
        self.missingBox.setTitle(QCoreApplication.translate("AddCopiesDialog", u"Still to fill in", None))
#if QT_CONFIG(tooltip)
        self.missingBox.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"The template leaves these blank: each copy takes what you type here", None))
#endif // QT_CONFIG(tooltip)
        self.allowZero.setText(QCoreApplication.translate("AddCopiesDialog", u"Allow copies at &0 HP or less", None))
#if QT_CONFIG(tooltip)
        self.allowZero.setToolTip(QCoreApplication.translate("AddCopiesDialog", u"A copy that starts at 0 HP or less is out of the fight at once; tick to add it anyway", None))
#endif // QT_CONFIG(tooltip)
        self.previewBox.setTitle(QCoreApplication.translate("AddCopiesDialog", u"What will be added", None))
#if QT_CONFIG(accessibility)
        self.previewLabel.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"The copies' names and HP", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.warningLabel.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"Warnings about the copies", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("AddCopiesDialog", u"Why the copies cannot be added yet", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

